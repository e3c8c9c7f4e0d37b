// npm run bench:upload [-- --file PATH]
// The upload benchmark: one large G-code model through the wizard's API, as a browser does
// it: createPost, getPreSignedUploadUrl, PUT to the signed URL (local storage driver), then
// updateAttachments, which checks the stored bytes (size, SHA-256), analyses the program with the
// G-code engine, renders its toolpath picture and computes its pre-flight report. Prints seconds and
// MB/s of each phase and the server's peak memory (VmHWM of its processes, read from /proc).
// Runs the production build (NEXT_DIST_DIR, built when missing) on a fresh PostgreSQL database
// (TEST_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
// The file is read in place (default: the 49 MB corpus file).
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SignJWT } from "jose";
import { createDatabase } from "@/lib/db/create";
import { applyMigrations } from "@/lib/db/migrate";
import { categories, sessions, tags, users } from "@/lib/db/schema";
import { ensureBuild, startApp } from "../tests/support/app-server";
import { createTestDatabase } from "../tests/support/test-database";

const { values } = parseArgs({
  options: {
    file: {
      type: "string",
      default: "/work/shared/gcode-corpus/x02-derived-mixed-all-corpus-3x-49MB.nc",
    },
  },
});
const AUTH_SECRET = "bench-upload-secret-bench-upload-secret-0123";
const MB = 1024 * 1024;

/** Every process below this one (the server and its workers), from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** The largest VmHWM / VmRSS (kB -> MB) among the server's processes. */
function serverMemory(): { peakMb: number; rssMb: number } {
  let peak = 0;
  let rss = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "";
      if (!name.startsWith("node") && !name.startsWith("next")) continue;
      peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
      rss = Math.max(rss, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // gone
    }
  }
  return { peakMb: peak, rssMb: rss };
}

async function main() {
  const file = values.file;
  const size = statSync(file).size;
  const database = await createTestDatabase("cnc_bench_upload");
  const dataDir = mkdtempSync(path.join(tmpdir(), "cnc-bench-upload-"));
  const db = createDatabase(database.url, { max: 1 });
  try {
    await applyMigrations(db);
    const [user] = await db
      .insert(users)
      .values({
        username: `bench${Date.now()}`,
        email: `bench-${Date.now()}@example.com`,
        passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder",
        firstname: "Bench",
        lastname: "Maker",
        isVerified: true,
      })
      .returning();
    const [category] = await db.insert(categories).values({ name: "Bench" }).returning();
    const tagRows = await db
      .insert(tags)
      .values([
        { name: `bench-a-${Date.now()}`, type: "post" },
        { name: `bench-b-${Date.now()}`, type: "post" },
      ])
      .returning();
    const familyId = randomUUID();
    await db.insert(sessions).values({
      userId: user!.id,
      familyId,
      tokenHash: createHash("sha256").update(randomUUID()).digest("hex"),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const token = await new SignJWT({ sid: familyId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user!.id)
      .setIssuer("cnc-projects")
      .setIssuedAt()
      .setExpirationTime("30m")
      .sign(new TextEncoder().encode(AUTH_SECRET));

    await ensureBuild();
    const app = await startApp({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      STORAGE_DRIVER: "local",
      MAIL_DRIVER: "outbox",
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      AUTH_SECRET,
    });
    try {
      const headers = {
        cookie: `access_token=${token}`,
        origin: app.baseUrl,
        "content-type": "application/json",
      };
      const call = async <T>(url: string, method: string, body: unknown): Promise<T> => {
        const response = await fetch(`${app.baseUrl}${url}`, { method, headers, body: JSON.stringify(body) });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
        return (JSON.parse(text) as { data: T }).data;
      };
      const { post } = await call<{ post: { _id: string } }>("/api/v1/post/createPost", "POST", {
        title: "Upload benchmark",
        description: "One large model through the upload flow",
        category: category!.id,
        tags: tagRows.map((tag) => tag.id),
      });
      const before = serverMemory();

      const bytes = readFileSync(file);
      const hashStarted = performance.now();
      const fileHash = createHash("sha256").update(bytes).digest("hex");
      const hashSeconds = (performance.now() - hashStarted) / 1000;
      const { attachments } = await call<{ attachments: { signedUrl: string; attachmentId: string }[] }>(
        "/api/v1/attachment/getPreSignedUploadUrl",
        "POST",
        {
          attachments: [
            {
              parentId: post._id,
              parentType: "post",
              category: "postModel",
              fileName: path.basename(file),
              fileHash,
              fileSize: size,
              resourceType: "model",
            },
          ],
        },
      );
      const target = attachments[0]!;
      const contentType = new URL(target.signedUrl).searchParams.get("contentType") ?? "text/plain";
      const putStarted = performance.now();
      const put = await fetch(target.signedUrl, {
        method: "PUT",
        headers: { "content-type": contentType },
        body: new Uint8Array(bytes),
      });
      if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
      const putSeconds = (performance.now() - putStarted) / 1000;

      const confirmStarted = performance.now();
      const confirmed = await call<{
        post: {
          attachments: {
            _id: string;
            category: string;
            gcodeAnalysis: { lineCount: number } | null;
            preflight?: { warnings: string[] } | null;
          }[];
        };
      }>(`/api/v1/post/updateAttachments/${post._id}?currentPage=4`, "PUT", {
        attachmentIds: [target.attachmentId],
      });
      const confirmSeconds = (performance.now() - confirmStarted) / 1000;
      const after = serverMemory();
      const model = confirmed.post.attachments.find((entry) => entry._id === target.attachmentId);
      const toolpath = confirmed.post.attachments.some((entry) => entry.category === "postThumbnail");

      const sizeMb = size / MB;
      const rate = (seconds: number) => (sizeMb / seconds).toFixed(1);
      console.log(
        `file: ${path.basename(file)} (${sizeMb.toFixed(1)} MB, ${model?.gcodeAnalysis?.lineCount ?? "?"} lines)`,
      );
      console.log(
        `hash (client, SHA-256):              ${hashSeconds.toFixed(2)} s  ${rate(hashSeconds)} MB/s`,
      );
      console.log(
        `PUT to the signed URL:               ${putSeconds.toFixed(2)} s  ${rate(putSeconds)} MB/s`,
      );
      console.log(
        `updateAttachments (checks, analysis, toolpath picture${toolpath ? "" : " [none]"}, pre-flight): ${confirmSeconds.toFixed(2)} s  ${rate(confirmSeconds)} MB/s`,
      );
      console.log(
        `upload + confirm:                    ${(putSeconds + confirmSeconds).toFixed(2)} s  ${rate(putSeconds + confirmSeconds)} MB/s`,
      );
      const growth = after.peakMb - before.rssMb;
      console.log(
        `server memory: RSS ${before.rssMb.toFixed(0)} MB before, peak (VmHWM) ${after.peakMb.toFixed(0)} MB: ` +
          `+${growth.toFixed(0)} MB, ${(growth / sizeMb).toFixed(2)}x the file (target < 2x)`,
      );
      console.log(`pre-flight warnings: ${JSON.stringify(model?.preflight?.warnings ?? null)}`);
      // The analysis alone, in a fresh process (the target: >= 100 MB/s).
      const analysis = JSON.parse(
        execFileSync(
          process.execPath,
          ["--import", "tsx", path.join(import.meta.dirname, "lib", "analyse-file.ts"), file],
          { encoding: "utf8" },
        ),
      ) as { seconds: number };
      console.log(
        `analysis alone (fresh process):      ${analysis.seconds.toFixed(2)} s  ${rate(analysis.seconds)} MB/s (target >= 100)`,
      );
    } finally {
      await app.stop();
    }
  } finally {
    await db.$client.end();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
