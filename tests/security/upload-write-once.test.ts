import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { attachments } from "@/lib/db/schema";
import { createS3Storage } from "@/lib/storage/s3";
import { startApp, type RunningApp } from "../support/app-server";
import { createUser, testDb } from "../support/factories";
import { accessTokenFor, API_TEST_AUTH_SECRET, createProject } from "../support/factories-project";
import { startS3Server, type S3TestServer } from "../support/s3-server";

// A signed upload URL writes once (docs/storage.md, "Write once"; docs/security.md): once a file is
// confirmed, nothing sent to its URL changes what is served, on either storage driver.

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** An 83-byte "PNG": the signature the confirm step checks, then bytes of its own. */
const SMALL_PNG = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(75, 7)]);

interface Site {
  baseUrl: string;
  /**
   * What later PUTs to a confirmed file's URL get: the local driver refuses them (413 above the
   * declared size, 409 for the same size), S3 stores them where nothing reads (200).
   */
  laterPutStatuses?: { larger: number; sameSize: number };
}

async function call(site: Site, userId: string, ip: string, pathname: string, json?: unknown) {
  const response = await fetch(`${site.baseUrl}${pathname}`, {
    method: json === undefined ? "GET" : "POST",
    headers: {
      origin: site.baseUrl,
      cookie: `access_token=${await accessTokenFor(userId)}`,
      "x-forwarded-for": ip,
      "x-requested-with": "cnc-projects",
      ...(json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, never>,
  };
}

interface Answer {
  data?: { attachments?: { signedUrl: string; attachmentId: string }[]; signedURL?: string };
  errorMessage?: string;
}

function firstSlot(answer: Answer): { signedUrl: string; attachmentId: string } {
  const slot = answer.data?.attachments?.[0];
  if (!slot) throw new Error(`no upload slot in ${JSON.stringify(answer)}`);
  return slot;
}

function signedUrlOf(answer: Answer): string {
  if (!answer.data?.signedURL) throw new Error(`no download URL in ${JSON.stringify(answer)}`);
  return answer.data.signedURL;
}

function uploadRequest(postId: string, fileName: string, bytes: Buffer, category = "postMedia") {
  return {
    parentId: postId,
    parentType: "post",
    category,
    fileName,
    fileHash: sha256(bytes),
    fileSize: bytes.length,
    resourceType: category === "postModel" ? "model" : "image",
  };
}

async function replaceAfterConfirm(site: Site) {
  const { post, owner } = await createProject({ visibility: "draft" });
  const ip = `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const presign = await call(site, owner.id, ip, "/api/v1/attachment/getPreSignedUploadUrl", {
    attachments: [uploadRequest(post.id, "photo.png", SMALL_PNG)],
  });
  expect(presign.status).toBe(200);
  const { signedUrl, attachmentId } = firstSlot(presign.body);

  const first = await fetch(signedUrl, {
    method: "PUT",
    body: SMALL_PNG,
    headers: { "content-type": "image/png" },
  });
  expect(first.status, await first.clone().text()).toBe(200);
  const confirm = await call(site, owner.id, ip, "/api/v1/attachment/confirmUploads", {
    attachmentIds: [attachmentId],
  });
  expect(confirm.status).toBe(200);

  const larger = await fetch(signedUrl, {
    method: "PUT",
    body: new Uint8Array(randomBytes(50 * 1024 * 1024)),
    headers: { "content-type": "image/png" },
  });
  expect(larger.status).toBe(site.laterPutStatuses?.larger);
  const sameSize = await fetch(signedUrl, {
    method: "PUT",
    body: new Uint8Array(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(75, 9)])),
    headers: { "content-type": "image/png" },
  });
  expect(sameSize.status).toBe(site.laterPutStatuses?.sameSize);
  // Confirming again does not pick the new bytes up either.
  expect(
    (await call(site, owner.id, ip, "/api/v1/attachment/confirmUploads", { attachmentIds: [attachmentId] }))
      .status,
  ).toBe(200);

  const download = await call(
    site,
    owner.id,
    ip,
    `/api/v1/attachment/getPreSignedUrl?attachmentId=${attachmentId}`,
  );
  const served = await fetch(signedUrlOf(download.body));
  expect(served.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await served.arrayBuffer());
  expect(bytes.length).toBe(83);
  expect(sha256(bytes)).toBe(sha256(SMALL_PNG));
  const [row] = await testDb().select().from(attachments).where(eq(attachments.id, attachmentId));
  expect(row).toMatchObject({ status: "ready", fileSize: 83, uploadKey: null });
  expect(row?.storageKey).not.toMatch(/^uploads\//);
}

describe("a signed upload URL writes once", () => {
  it("local driver: an 83-byte PNG, confirmed, is not replaced by 50 MB sent to its URL (409)", async () => {
    await replaceAfterConfirm({
      baseUrl: inject("baseUrl"),
      laterPutStatuses: { larger: 413, sameSize: 409 },
    });
  }, 60_000);

  describe("S3 driver", () => {
    let s3: S3TestServer;
    let app: RunningApp;
    let dataDir: string;

    beforeAll(async () => {
      s3 = await startS3Server();
      // What `npm start` does before serving (prepareStorage).
      await createS3Storage({
        endpoint: s3.endpoint,
        region: s3.region,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucket: "write-once",
      }).ensureBucket();
      dataDir = mkdtempSync(path.join(tmpdir(), "cnc-s3-app-"));
      app = await startApp({
        DATABASE_URL: inject("databaseUrl"),
        DATA_DIR: dataDir,
        MAIL_DRIVER: "outbox",
        STORAGE_DRIVER: "s3",
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET: "write-once",
        AUTH_SECRET: API_TEST_AUTH_SECRET,
        TRUSTED_PROXIES: "127.0.0.1, ::1",
        PUBLIC_CACHE_SECONDS: "0",
        POST_DETAIL_CACHE_SECONDS: "0",
      });
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      await s3?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("an 83-byte PNG, confirmed, is not replaced by 50 MB sent to its URL (stored where nothing reads)", async () => {
      await replaceAfterConfirm({ baseUrl: app.baseUrl, laterPutStatuses: { larger: 200, sameSize: 200 } });
    }, 60_000);
  });
});

describe("what a signed PUT may declare", () => {
  it.each([
    ["no Content-Type", undefined],
    ["text/plain", "text/plain"],
    ["application/octet-stream", "application/octet-stream"],
    ["text/x-gcode", "text/x-gcode"],
  ])("takes a .gcode model sent with %s and serves it as text/x-gcode", async (_label, contentType) => {
    const site = { baseUrl: inject("baseUrl") };
    const { post, owner } = await createProject({ visibility: "draft" });
    const ip = `10.32.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const gcode = Buffer.from(`G21\nG90\nG0 X0 Y0\nG1 Z-1 F300\nG1 X${Math.random()} Y10\nM2\n`);
    const presign = await call(site, owner.id, ip, "/api/v1/attachment/getPreSignedUploadUrl", {
      attachments: [uploadRequest(post.id, "pocket.gcode", gcode, "postModel")],
    });
    const { signedUrl, attachmentId } = firstSlot(presign.body);
    // fetch() labels a Buffer body with no type; a string body would be text/plain.
    const put = await fetch(signedUrl, {
      method: "PUT",
      body: new Uint8Array(gcode),
      headers: contentType === undefined ? {} : { "content-type": contentType },
    });
    expect(put.status).toBe(200);
    expect(
      (await call(site, owner.id, ip, "/api/v1/attachment/confirmUploads", { attachmentIds: [attachmentId] }))
        .status,
    ).toBe(200);
    const download = await call(
      site,
      owner.id,
      ip,
      `/api/v1/attachment/getPreSignedUrl?attachmentId=${attachmentId}`,
    );
    const served = await fetch(signedUrlOf(download.body));
    expect(served.headers.get("content-type")).toBe("text/x-gcode");
    expect(await served.text()).toBe(gcode.toString());
  });

  it("refuses a type that is no kind of G-code (403) and stores nothing", async () => {
    const site = { baseUrl: inject("baseUrl") };
    const { post, owner } = await createProject({ visibility: "draft" });
    const gcode = Buffer.from(`G0 X${Math.random()}\n`);
    const presign = await call(site, owner.id, "10.33.0.1", "/api/v1/attachment/getPreSignedUploadUrl", {
      attachments: [uploadRequest(post.id, "pocket.nc", gcode, "postModel")],
    });
    const { signedUrl } = firstSlot(presign.body);
    const put = await fetch(signedUrl, {
      method: "PUT",
      body: new Uint8Array(gcode),
      headers: { "content-type": "text/html" },
    });
    expect(put.status).toBe(403);
    expect(((await put.json()) as { errorMessage: string }).errorMessage).toMatch(
      /^This upload link expects a file of type text\/x-gcode/,
    );
  });
});

describe("upload quotas (docs/security.md)", () => {
  const MB = 1024 * 1024;
  const files = (postId: string, count: number, size: number, from = 0) =>
    Array.from({ length: count }, (_, index) => ({
      parentId: postId,
      parentType: "post",
      category: "postMedia",
      fileName: `part-${from + index}.stl`,
      fileHash: sha256(Buffer.from(`${postId}-${from + index}`)),
      fileSize: size,
      resourceType: "other",
    }));

  it("lets a 30-file project of 50 MB files through", async () => {
    const site = { baseUrl: inject("baseUrl") };
    const { post, owner } = await createProject({ visibility: "draft" });
    for (const [from, count] of [
      [0, 20],
      [20, 10],
    ] as const) {
      const answer = await call(site, owner.id, "10.34.0.1", "/api/v1/attachment/getPreSignedUploadUrl", {
        attachments: files(post.id, count, 50 * MB, from),
      });
      expect(answer.status).toBe(200);
    }
  });

  it("refuses more than 4 GB pending at once with 429, Retry-After and the envelope", async () => {
    const site = { baseUrl: inject("baseUrl") };
    const owner = await createUser();
    const { post } = await createProject({ visibility: "draft", userId: owner.id });
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof call>> | undefined;
    for (let request = 0; request < 3; request++) {
      const answer = await call(site, owner.id, "10.35.0.1", "/api/v1/attachment/getPreSignedUploadUrl", {
        attachments: files(post.id, 20, 100 * MB, request * 20).map((file) => ({
          ...file,
          category: "postModel",
          fileName: file.fileName.replace(".stl", ".nc"),
          resourceType: "model",
        })),
      });
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer;
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(refusal?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refusal?.body).toMatchObject({
      status: "error",
      errorMessage: expect.stringMatching(/4 GB of uploads waiting/),
    });
  });

  it("refuses the 301st upload URL of an hour", async () => {
    const site = { baseUrl: inject("baseUrl") };
    const { post, owner } = await createProject({ visibility: "draft" });
    const statuses: number[] = [];
    for (let request = 0; request < 16; request++) {
      const answer = await call(
        site,
        owner.id,
        `10.36.0.${request}`,
        "/api/v1/attachment/getPreSignedUploadUrl",
        {
          attachments: files(post.id, 20, 1000, request * 20),
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 15).every((status) => status === 200)).toBe(true);
    expect(statuses[15]).toBe(429);
  });
});
