import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachments, downloadLogs } from "@/lib/db/schema";
import type { DownloadLog } from "@/lib/validation/download-logs";
import type { Make } from "@/lib/validation/makes";
import { createUser, testDb } from "../support/factories";
import { asUser, createProject, GCODE, giveMachine, PNG_BYTES } from "../support/factories-project";
import { api, type Envelope } from "../support/http";
import { postUpload, requestUploadUrls, sha256, uploadModel } from "../support/uploads";

type SignedUrl = Envelope<{ signedURL: string }>;

async function downloadCountOf(attachmentId: string): Promise<number> {
  const [row] = await testDb()
    .select({ count: attachments.downloadCount })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  return row!.count;
}

describe("GET /api/v1/attachment/getPreSignedUrl", () => {
  it("answers a short-lived URL that serves the bytes, counts the download and logs it for the user", async () => {
    const { post, model } = await createProject();
    const reader = await createUser();
    const { status, body } = await api<SignedUrl>(
      `/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`,
      await asUser(reader.id),
    );
    expect(status).toBe(200);
    const url = new URL(body.data.signedURL);
    expect(Number(url.searchParams.get("expires")) * 1000 - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);

    const file = await fetch(body.data.signedURL);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(GCODE);
    expect(file.headers.get("content-disposition")).toContain("part.nc");

    expect(await downloadCountOf(model.id)).toBe(1);
    const logs = await api<Envelope<{ downloadLogs: DownloadLog[] }>>(
      "/api/v1/downloadLog",
      await asUser(reader.id),
    );
    expect(logs.body.data.downloadLogs).toEqual([
      expect.objectContaining({
        fileName: "part.nc",
        title: post.title,
        resourceType: "model",
        postId: post.id,
      }),
    ]);
  });

  it("counts an anonymous download without writing a log", async () => {
    const { model } = await createProject();
    const { status } = await api<SignedUrl>(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`);
    expect(status).toBe(200);
    expect(await downloadCountOf(model.id)).toBe(1);
    const logs = await testDb().select().from(downloadLogs).where(eq(downloadLogs.attachmentId, model.id));
    expect(logs).toEqual([]);
  });

  it("serves the zip bundle for Download All, and the post's download average leaves it out", async () => {
    const { post, model, zip, owner } = await createProject();
    const { body: detail } = await api<Envelope<{ post: { zipId: string | null } }>>(
      `/api/v1/post/${post.id}`,
    );
    expect(detail.data.post.zipId).toBe(zip!.id);
    const bundle = await api<SignedUrl>(`/api/v1/attachment/getPreSignedUrl?attachmentId=${zip!.id}`);
    const file = await fetch(bundle.body.data.signedURL);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from("PK\u0003\u0004"));
    for (let i = 0; i < 3; i++) await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`);
    // An upload that never arrived (still pending) is not a listed file either.
    const pending = await requestUploadUrls(owner.id, [
      postUpload({ postId: post.id, fileName: "never-sent.nc", bytes: "never sent" }),
    ]);
    expect(pending.status).toBe(200);
    const after = await api<Envelope<{ post: { downloadAverage: number } }>>(`/api/v1/post/${post.id}`);
    // One listed file (the model, 3 downloads); the zip's download and the video do not count.
    expect(after.body.data.post.downloadAverage).toBe(3);
  });

  it("answers 403 (refresh, then retry) when only a refresh token is left, without counting", async () => {
    const { model } = await createProject();
    const { status } = await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`, {
      headers: { cookie: "refresh_token=stale" },
    });
    expect(status).toBe(403);
    expect(await downloadCountOf(model.id)).toBe(0);
  });

  it("hides files of drafts from others (404) but serves them to the owner", async () => {
    const { model, owner } = await createProject({ visibility: "draft" });
    const stranger = await createUser();
    const refused = await api(
      `/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`,
      await asUser(stranger.id),
    );
    expect(refused.status).toBe(404);
    const anonymous = await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`);
    expect(anonymous.status).toBe(404);
    const own = await api(
      `/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`,
      await asUser(owner.id),
    );
    expect(own.status).toBe(200);
    expect(await downloadCountOf(model.id)).toBe(1);
  });

  it("answers 400 for a video link, a malformed id, and 404 for an unknown id", async () => {
    const { video } = await createProject();
    expect((await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${video.id}`)).status).toBe(400);
    const malformed = await api<Envelope<unknown>>("/api/v1/attachment/getPreSignedUrl?attachmentId=nope");
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([{ path: "attachmentId", message: "Invalid id" }]);
    const unknown = await api(
      "/api/v1/attachment/getPreSignedUrl?attachmentId=00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.status).toBe(404);
  });
});

describe("GET /api/v1/downloadLog", () => {
  it("pages the caller's own history, newest first, 10 per page by default", async () => {
    const { model } = await createProject();
    const reader = await createUser();
    const other = await createUser();
    for (let i = 0; i < 12; i++) {
      await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`, await asUser(reader.id));
    }
    await api(`/api/v1/attachment/getPreSignedUrl?attachmentId=${model.id}`, await asUser(other.id));
    const first = await api<Envelope<{ downloadLogs: DownloadLog[]; pagination: Record<string, number> }>>(
      "/api/v1/downloadLog",
      await asUser(reader.id),
    );
    expect(first.status).toBe(200);
    expect(first.body.data.downloadLogs).toHaveLength(10);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    const dates = first.body.data.downloadLogs.map((log) => log.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await api<Envelope<{ downloadLogs: DownloadLog[] }>>(
      "/api/v1/downloadLog?page=2",
      await asUser(reader.id),
    );
    expect(second.body.data.downloadLogs).toHaveLength(2);
  });

  it("answers 401 signed out and 400 for a bad page", async () => {
    expect((await api("/api/v1/downloadLog")).status).toBe(401);
    const reader = await createUser();
    const { status, body } = await api<Envelope<unknown>>(
      "/api/v1/downloadLog?page=0",
      await asUser(reader.id),
    );
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: "page", message: "page must be at least 1" }]);
  });
});

describe("make images: POST getPreSignedUploadUrl, PUT, POST confirmUploads", () => {
  async function makeOf() {
    const { post, variants } = await createProject();
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    const created = await api<Envelope<{ make: Make }>>(
      "/api/v1/projectMake/create",
      await asUser(maker.id, { json: { postId: post.id, printedOn: variants[0]!.id, isPrinted: false } }),
    );
    expect(created.status).toBe(201);
    return { post, maker, make: created.body.data.make };
  }

  const imageRequest = (makeId: string, fileName: string, bytes: Buffer) => ({
    parentId: makeId,
    parentType: "projectMake",
    category: "projectMakeImages",
    fileName,
    fileHash: sha256(bytes),
    fileSize: bytes.length,
    resourceType: "image",
  });

  async function confirm(userId: string, attachmentIds: string[]) {
    return api<Envelope<{ attachments: { _id: string; fileName: string; url: string }[] }>>(
      "/api/v1/attachment/confirmUploads",
      await asUser(userId, { json: { attachmentIds } }),
    );
  }

  it("uploads a real PNG that then shows on the make", async () => {
    const { post, maker, make } = await makeOf();
    const upload = await requestUploadUrls(maker.id, [imageRequest(make._id, "photo.png", PNG_BYTES)]);
    expect(upload.status).toBe(200);
    const [target] = upload.body.data.attachments;
    expect(target!.fileHash).toBe(sha256(PNG_BYTES));
    const put = await fetch(target!.signedUrl, {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: PNG_BYTES,
    });
    expect(put.status).toBe(200);
    // Not listed before it is confirmed.
    const before = await api<Envelope<{ makes: Make[] }>>(`/api/v1/projectMake/post/${post.id}`);
    expect(before.body.data.makes[0]!.attachments).toEqual([]);

    const confirmed = await confirm(maker.id, [target!.attachmentId]);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.attachments).toEqual([
      { _id: target!.attachmentId, fileName: "photo.png", url: expect.any(String) },
    ]);
    const after = await api<Envelope<{ makes: Make[] }>>(`/api/v1/projectMake/post/${post.id}`);
    const [image] = after.body.data.makes[0]!.attachments;
    expect(image).toMatchObject({ _id: target!.attachmentId, fileName: "photo.png" });
    const served = await fetch(image!.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_BYTES);

    // Deleting the make removes its images, bytes included.
    const removed = await api(
      `/api/v1/projectMake/${make._id}`,
      await asUser(maker.id, { method: "DELETE" }),
    );
    expect(removed.status).toBe(200);
    expect((await fetch(image!.url)).status).toBe(404);
  });

  it("refuses a file that is not really an image, whatever its name, and removes it", async () => {
    const { maker, make } = await makeOf();
    const fake = Buffer.from("<svg onload=alert(1)>not a png</svg>");
    const upload = await requestUploadUrls(maker.id, [imageRequest(make._id, "photo.png", fake)]);
    const [target] = upload.body.data.attachments;
    await fetch(target!.signedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: fake });
    const { status, body } = await confirm(maker.id, [target!.attachmentId]);
    expect(status).toBe(400);
    expect(body.errorMessage).toBe("Invalid image URL or unsupported image type.");
    const rows = await testDb().select().from(attachments).where(eq(attachments.id, target!.attachmentId));
    expect(rows).toEqual([]);
  });

  it("refuses a JPEG name holding PNG bytes, and bytes that do not match the declared hash", async () => {
    const { maker, make } = await makeOf();
    const upload = await requestUploadUrls(maker.id, [imageRequest(make._id, "photo.jpg", PNG_BYTES)]);
    const [target] = upload.body.data.attachments;
    await fetch(target!.signedUrl, {
      method: "PUT",
      headers: { "content-type": "image/jpeg" },
      body: PNG_BYTES,
    });
    expect((await confirm(maker.id, [target!.attachmentId])).status).toBe(400);

    const declared = imageRequest(make._id, "other.png", PNG_BYTES);
    const second = await requestUploadUrls(maker.id, [{ ...declared, fileHash: sha256("something else") }]);
    const [secondTarget] = second.body.data.attachments;
    await fetch(secondTarget!.signedUrl, {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: PNG_BYTES,
    });
    const refused = await confirm(maker.id, [secondTarget!.attachmentId]);
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toBe("Invalid image URL or unsupported image type.");
  });

  it("answers 400 when nothing was uploaded to the signed URL", async () => {
    const { maker, make } = await makeOf();
    const upload = await requestUploadUrls(maker.id, [imageRequest(make._id, "photo.webp", PNG_BYTES)]);
    const { status } = await confirm(maker.id, [upload.body.data.attachments[0]!.attachmentId]);
    expect(status).toBe(400);
  });

  it("refuses other types and files over 5MB with the spec's messages before any upload", async () => {
    const { maker, make } = await makeOf();
    const gif = await requestUploadUrls(maker.id, [imageRequest(make._id, "anim.gif", PNG_BYTES)]);
    expect(gif.status).toBe(400);
    expect(gif.body.issues).toEqual([
      { path: "attachments.0.fileName", message: "Only .jpg, .jpeg, .png and .webp formats are supported." },
    ]);
    const big = await requestUploadUrls(maker.id, [
      { ...imageRequest(make._id, "big.jpg", PNG_BYTES), fileSize: 5 * 1024 * 1024 + 1 },
    ]);
    expect(big.status).toBe(400);
    expect(big.body.issues).toEqual([
      { path: "attachments.0.fileSize", message: "File size should be less than 5MB." },
    ]);
  });

  it("lets only the make's author upload or confirm, and needs at least one image", async () => {
    const { maker, make } = await makeOf();
    const stranger = await createUser();
    const refused = await requestUploadUrls(stranger.id, [imageRequest(make._id, "photo.png", PNG_BYTES)]);
    expect(refused.status).toBe(403);
    const upload = await requestUploadUrls(maker.id, [imageRequest(make._id, "photo.png", PNG_BYTES)]);
    const attachmentId = upload.body.data.attachments[0]!.attachmentId;
    expect((await confirm(stranger.id, [attachmentId])).status).toBe(404);
    const empty = await confirm(maker.id, []);
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: "attachmentIds", message: "At least one image is required" }]);
  });
});

describe("project files: POST getPreSignedUploadUrl, PUT, POST confirmUploads", () => {
  const modelRequest = (postId: string, bytes: string) =>
    postUpload({ postId, fileName: "second-part.nc", bytes });

  it("confirms the owner's complete upload, which then lists on the post", async () => {
    const { post, owner } = await createProject();
    const { confirmed, attachmentId } = await uploadModel(owner.id, post.id, {
      fileName: "second-part.nc",
      gcode: GCODE,
    });
    expect(confirmed.status).toBe(200);
    const detail = await api<Envelope<{ post: { attachments: { _id: string }[] } }>>(
      `/api/v1/post/${post.id}`,
    );
    expect(detail.body.data.post.attachments.map((file) => file._id)).toContain(attachmentId);
  });

  it("refuses an incomplete upload and files for someone else's project", async () => {
    const { post, owner } = await createProject();
    const upload = await requestUploadUrls(owner.id, [modelRequest(post.id, GCODE)]);
    const [target] = upload.body.data.attachments;
    await fetch(target!.signedUrl, {
      method: "PUT",
      headers: { "content-type": "text/x-gcode" },
      body: GCODE.slice(0, 10),
    });
    const refused = await api(
      "/api/v1/attachment/confirmUploads",
      await asUser(owner.id, { json: { attachmentIds: [target!.attachmentId] } }),
    );
    expect(refused.status).toBe(400);

    const stranger = await createUser();
    const foreign = await requestUploadUrls(stranger.id, [modelRequest(post.id, GCODE)]);
    expect(foreign.status).toBe(403);
  });
});
