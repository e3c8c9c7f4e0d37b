import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { attachments } from "@/lib/db/schema";
import { testDb } from "../support/factories";
import { asUser, createProject, PNG_BYTES, storeFile } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

// What a confirm keeps is judged from the stored bytes; a refused upload
// leaves neither a row nor an object behind; abandoned uploads are swept.
type UploadUrls = Envelope<{ attachments: { fileHash: string; signedUrl: string; attachmentId: string }[] }>;
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const storedPath = (key: string) => path.join(inject("dataDir"), "storage", ...key.split("/"));

async function rowOf(id: string) {
  const [row] = await testDb().select().from(attachments).where(eq(attachments.id, id));
  return row;
}

/** Announces a file, PUTs `sent` (which may differ from what was announced) and confirms it. */
async function upload(
  announce: { category: string; fileName: string; resourceType: string; bytes: Buffer | string },
  sent: Buffer | string = announce.bytes,
) {
  const { post, owner } = await createProject();
  const slots = await api<UploadUrls>(
    "/api/v1/attachment/getPreSignedUploadUrl",
    await asUser(owner.id, {
      json: {
        attachments: [
          {
            parentId: post.id,
            parentType: "post",
            category: announce.category,
            fileName: announce.fileName,
            fileHash: sha256(announce.bytes),
            fileSize: Buffer.byteLength(announce.bytes),
            resourceType: announce.resourceType,
          },
        ],
      },
    }),
  );
  expect(slots.status).toBe(200);
  const [slot] = slots.body.data.attachments;
  const row = await rowOf(slot!.attachmentId);
  const put = await fetch(slot!.signedUrl, {
    method: "PUT",
    headers: { "content-type": row!.contentType ?? "application/octet-stream" },
    body: typeof sent === "string" ? sent : new Uint8Array(sent),
  });
  expect(put.status).toBe(200);
  const confirmed = await api<Envelope<unknown>>(
    "/api/v1/attachment/confirmUploads",
    await asUser(owner.id, { json: { attachmentIds: [slot!.attachmentId] } }),
  );
  return { confirmed, attachmentId: slot!.attachmentId, storageKey: row!.storageKey!, owner, post };
}

describe("uploads are checked from the stored bytes at confirm", () => {
  it("refuses HTML named fake.png as a thumbnail (400), and leaves no row and no object", async () => {
    const html = "<!doctype html><script>alert(document.cookie)</script>";
    const { confirmed, attachmentId, storageKey } = await upload({
      category: "postThumbnail",
      fileName: "fake.png",
      resourceType: "image",
      bytes: html,
    });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.errorMessage).toBe("fake.png is not a valid image/png file.");
    expect(await rowOf(attachmentId)).toBeUndefined();
    expect(existsSync(storedPath(storageKey))).toBe(false);
  });

  it("refuses a PNG uploaded as postMedia .jpg (magic bytes against the declared type)", async () => {
    const { confirmed } = await upload({
      category: "postMedia",
      fileName: "photo.jpg",
      resourceType: "image",
      bytes: PNG_BYTES,
    });
    expect(confirmed.status).toBe(400);
  });

  it("refuses bytes whose SHA-256 differs from the announced file, even at the same size", async () => {
    const announced = "G21\nG0 X1\n";
    const { confirmed, attachmentId, storageKey } = await upload(
      { category: "postModel", fileName: "part.nc", resourceType: "model", bytes: announced },
      "G21\nG0 X2\n",
    );
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.errorMessage).toMatch(/^part\.nc is not the file that was announced/);
    expect(await rowOf(attachmentId)).toBeUndefined();
    expect(existsSync(storedPath(storageKey))).toBe(false);
  });

  it("keeps a real PNG thumbnail", async () => {
    const { confirmed, attachmentId } = await upload({
      category: "postThumbnail",
      fileName: "cover.png",
      resourceType: "image",
      bytes: PNG_BYTES,
    });
    expect(confirmed.status).toBe(200);
    expect((await rowOf(attachmentId))?.status).toBe("ready");
  });

  it("refuses declared sizes above each kind's limit when upload URLs are asked for", async () => {
    const { post, owner } = await createProject();
    const cases = [
      { category: "postModel", fileName: "big.nc", resourceType: "model", fileSize: 100 * 1024 * 1024 + 1 },
      {
        category: "postThumbnail",
        fileName: "big.png",
        resourceType: "image",
        fileSize: 5 * 1024 * 1024 + 1,
      },
      { category: "postMedia", fileName: "big.crv", resourceType: "other", fileSize: 50 * 1024 * 1024 + 1 },
    ];
    for (const file of cases) {
      const result = await api<Envelope<unknown>>(
        "/api/v1/attachment/getPreSignedUploadUrl",
        await asUser(owner.id, {
          json: {
            attachments: [{ ...file, parentId: post.id, parentType: "post", fileHash: "a".repeat(64) }],
          },
        }),
      );
      expect(result.status, file.fileName).toBe(400);
      expect(result.body.errorMessage).toMatch(new RegExp(`^${file.fileName} is too large`));
    }
  });

  it("refuses a file name with CR/LF at request time", async () => {
    const { post, owner } = await createProject();
    const result = await api<Envelope<unknown>>(
      "/api/v1/attachment/getPreSignedUploadUrl",
      await asUser(owner.id, {
        json: {
          attachments: [
            {
              parentId: post.id,
              parentType: "post",
              category: "postMedia",
              fileName: "notes\r\nX-Injected: 1.pdf",
              fileHash: "a".repeat(64),
              fileSize: 10,
              resourceType: "other",
            },
          ],
        },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errorMessage).toBe("fileName must not contain control characters");
  });
});

describe("sweepAbandonedUploads", () => {
  it("removes pending uploads older than an hour with their objects, and nothing else", async () => {
    // The service runs in this process against the suite's database and storage.
    process.env.DATABASE_URL = inject("databaseUrl");
    process.env.DATA_DIR = inject("dataDir");
    process.env.STORAGE_DRIVER = "local";
    process.env.AUTH_SECRET = "api-test-secret-api-test-secret-0123456789";
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    const { sweepAbandonedUploads } = await import("@/lib/services/attachments/sweep-abandoned-uploads");

    const { post, owner, model } = await createProject();
    const pending = async (name: string, ageMs: number) => {
      const key = `posts/${post.id}/postMedia/${name}`;
      storeFile(key, "leftover");
      const [row] = await testDb()
        .insert(attachments)
        .values({
          userId: owner.id,
          parentType: "post",
          postId: post.id,
          category: "postMedia",
          resourceType: "other",
          status: "pending",
          fileName: name,
          fileSize: 8,
          storageKey: key,
          createdAt: new Date(Date.now() - ageMs),
        })
        .returning();
      return { id: row!.id, key };
    };
    const old = await pending(`old-${Date.now()}.crv`, 2 * 60 * 60 * 1000);
    const fresh = await pending(`fresh-${Date.now()}.crv`, 5 * 60 * 1000);

    const { removed } = await sweepAbandonedUploads();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old.id)).toBeUndefined();
    expect(existsSync(storedPath(old.key))).toBe(false);
    expect(await rowOf(fresh.id)).toBeDefined();
    expect(existsSync(storedPath(fresh.key))).toBe(true);
    // Ready files are never touched, however old.
    expect((await rowOf(model.id))?.status).toBe("ready");
  });
});
