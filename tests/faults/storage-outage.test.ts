import { createHash } from "node:crypto";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "@/lib/db/create";
import { applyMigrations } from "@/lib/db/migrate";
import { attachments } from "@/lib/db/schema";
import { type RunningApp, startApp } from "../support/app-server";
import { testDb, useTestEnvironment } from "../support/factories";
import { accessTokenFor, createProject, GCODE } from "../support/factories-project";
import { createTestDatabase } from "../support/test-database";
import { appEnvironment, call, isEnvelope } from "./fault-support";

/**
 * The local object store fails between presign and confirm. The confirm
 * answers a clear 4xx with the envelope and leaves no attachment row behind (no orphan).
 * "Unavailable" is simulated as an operator would cause it: the stored object deleted, or the
 * storage directory moved away and a plain file in its place (every path below it then fails
 * with ENOTDIR; chmod would not stop this test's root user).
 */
const dir = mkdtempSync(path.join(tmpdir(), "cnc-fault-storage-"));
const storageDir = path.join(dir, "storage");
let app: RunningApp;
let dropDatabase: (() => Promise<void>) | undefined;
let owner: { id: string; token: string; postId: string };

beforeAll(async () => {
  const database = await createTestDatabase("cnc_fault");
  dropDatabase = database.drop;
  const migrator = createDatabase(database.url, { max: 1 });
  await applyMigrations(migrator);
  await migrator.$client.end();
  app = await startApp({ ...appEnvironment(dir), DATABASE_URL: database.url });
  await useTestEnvironment({ databaseUrl: database.url, dataDir: dir });
  const project = await createProject();
  owner = { id: project.owner.id, token: await accessTokenFor(project.owner.id), postId: project.post.id };
});

afterAll(async () => {
  await useTestEnvironment();
  await app?.stop();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Step 1 of the upload flow: a signed URL and a pending attachment row. */
async function presign(fileName: string) {
  const answer = await call<{ attachments: { signedUrl: string; attachmentId: string }[] }>(
    app.baseUrl,
    "/api/v1/attachment/getPreSignedUploadUrl",
    {
      token: owner.token,
      json: {
        attachments: [
          {
            parentId: owner.postId,
            parentType: "post",
            category: "postModel",
            fileName,
            fileHash: sha256(GCODE),
            fileSize: Buffer.byteLength(GCODE),
            resourceType: "model",
          },
        ],
      },
    },
  );
  expect(answer.status).toBe(200);
  return answer.body.data!.attachments[0]!;
}

const put = (signedUrl: string) =>
  fetch(signedUrl, { method: "PUT", headers: { "content-type": "text/x-gcode" }, body: GCODE });

const confirm = (attachmentId: string) =>
  call(app.baseUrl, "/api/v1/attachment/confirmUploads", {
    token: owner.token,
    json: { attachmentIds: [attachmentId] },
  });

const rowOf = async (attachmentId: string) =>
  testDb().select({ id: attachments.id }).from(attachments).where(eq(attachments.id, attachmentId));

/** Moves the storage directory away and puts a plain file in its place until `restore`. */
function breakStorage(): { restore(): void } {
  const away = `${storageDir}-away`;
  renameSync(storageDir, away);
  writeFileSync(storageDir, "not a directory");
  return {
    restore() {
      rmSync(storageDir, { force: true });
      renameSync(away, storageDir);
    },
  };
}

describe("storage unavailable between presign and confirm", () => {
  it("the stored object deleted before confirm: a 400 with the envelope, and no row", async () => {
    const target = await presign("deleted.nc");
    expect((await put(target.signedUrl)).status).toBe(200);
    // The PUT wrote to the upload key (docs/storage.md, "Write once").
    const [row] = await testDb()
      .select({ uploadKey: attachments.uploadKey })
      .from(attachments)
      .where(eq(attachments.id, target.attachmentId));
    rmSync(path.join(storageDir, ...row!.uploadKey!.split("/")), { force: true });

    const answer = await confirm(target.attachmentId);
    expect(answer.status).toBe(400);
    expect(isEnvelope(answer)).toBe(true);
    expect(await rowOf(target.attachmentId)).toEqual([]);
  });

  it("the storage directory gone after the upload: a 4xx with the envelope, and no row", async () => {
    const target = await presign("after-upload.nc");
    expect((await put(target.signedUrl)).status).toBe(200);
    const storage = breakStorage();
    try {
      const answer = await confirm(target.attachmentId);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(isEnvelope(answer)).toBe(true);
      expect(await rowOf(target.attachmentId)).toEqual([]);
    } finally {
      storage.restore();
    }
  });

  it("the storage directory gone before the upload: the PUT is a 503, the confirm a 400, and no row", async () => {
    const target = await presign("before-upload.nc");
    const storage = breakStorage();
    let upload: Response;
    try {
      upload = await put(target.signedUrl);
    } finally {
      storage.restore();
    }
    // The server's own storage fails: a 503 with the envelope and a clear message, not a bare 500.
    expect(upload.status).toBe(503);
    expect(await upload.json()).toMatchObject({
      status: "error",
      errorMessage: "File storage is unavailable. Please try again later.",
    });
    const answer = await confirm(target.attachmentId);
    expect(answer.status).toBe(400);
    expect(isEnvelope(answer)).toBe(true);
    expect(await rowOf(target.attachmentId)).toEqual([]);
  });

  it("and once storage is back, the same flow confirms", async () => {
    const target = await presign("healthy.nc");
    expect((await put(target.signedUrl)).status).toBe(200);
    expect((await confirm(target.attachmentId)).status).toBe(200);
    expect(await rowOf(target.attachmentId)).toHaveLength(1);
  });
});
