import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { attachments, posts } from "@/lib/db/schema";
import { createCategory, createTag, createUser, testDb } from "../support/factories";
import { accessTokenFor, PNG_BYTES } from "../support/factories-project";

// One draft through a spec client's upload calls, in the order a person might make them: the
// thumbnail stays until its author changes it, whatever other uploads are refused or deleted.

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const GCODE = (n: number) =>
  Buffer.from(`G21\nG90\nG0 Z5\nG0 X0 Y0\nG1 Z-1 F300\nG1 X${n} Y10 F800\nG0 Z5\nM2\n`);

describe("a draft's uploads, refused and deleted ones among them", () => {
  it("keeps the chosen thumbnail through media, a refused fake image and a deleted model", async () => {
    const baseUrl = inject("baseUrl");
    const owner = await createUser();
    const ip = "10.40.0.7";
    const headers = async (json: boolean) => ({
      origin: baseUrl,
      cookie: `access_token=${await accessTokenFor(owner.id)}`,
      "x-forwarded-for": ip,
      "x-requested-with": "cnc-projects",
      ...(json ? { "content-type": "application/json" } : {}),
    });
    const call = async (method: string, pathname: string, json?: unknown) => {
      const response = await fetch(`${baseUrl}${pathname}`, {
        method,
        headers: await headers(json !== undefined),
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data: Record<string, unknown>; errorMessage?: string },
      };
    };
    const category = await createCategory();
    const tags = [await createTag(), await createTag()];
    const created = await call("POST", "/api/v1/post/createPost", {
      title: "Sequence",
      description: "A draft through the spec's calls",
      category: category.id,
      tags: tags.map((tag) => tag.id),
    });
    expect(created.status).toBe(201);
    const postId = (created.body.data.post as { _id: string })._id;

    const upload = async (category: string, fileName: string, bytes: Buffer, contentType: string) => {
      const presign = await call("POST", "/api/v1/attachment/getPreSignedUploadUrl", {
        attachments: [
          {
            parentId: postId,
            parentType: "post",
            category,
            fileName,
            fileHash: sha256(bytes),
            fileSize: bytes.length,
            resourceType: category === "postModel" ? "model" : "image",
          },
        ],
      });
      expect(presign.status).toBe(200);
      const [slot] = presign.body.data.attachments as { signedUrl: string; attachmentId: string }[];
      const put = await fetch(slot!.signedUrl, {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": contentType },
      });
      expect(put.status).toBe(200);
      return slot!.attachmentId;
    };
    const confirm = (body: Record<string, unknown>) =>
      call("PUT", `/api/v1/post/updateAttachments/${postId}`, body);
    const thumbnailOf = async () => {
      const [row] = await testDb()
        .select({ thumbnailId: posts.thumbnailId })
        .from(posts)
        .where(eq(posts.id, postId));
      return row?.thumbnailId;
    };

    const thumbnail = await upload("postThumbnail", "thumb.png", PNG_BYTES, "image/png");
    expect((await confirm({ attachmentIds: [thumbnail], thumbnailId: thumbnail })).status).toBe(200);
    expect(await thumbnailOf()).toBe(thumbnail);

    // A media photo with the same bytes, then the same photo again (same name: already there; new name: a second file).
    const photo = await upload("postMedia", "thumb.png", PNG_BYTES, "image/png");
    expect((await confirm({ attachmentIds: [photo] })).status).toBe(200);
    const again = await call("POST", "/api/v1/attachment/getPreSignedUploadUrl", {
      attachments: [
        {
          parentId: postId,
          parentType: "post",
          category: "postMedia",
          fileName: "thumb.png",
          fileHash: sha256(PNG_BYTES),
          fileSize: PNG_BYTES.length,
          resourceType: "image",
        },
      ],
    });
    expect(again.status).toBe(409);
    const copy = await upload("postMedia", "thumb copy.png", PNG_BYTES, "image/png");
    expect((await confirm({ attachmentIds: [copy] })).status).toBe(200);

    // An HTML page named .png, refused at confirm, together with a good file listed after it.
    const model = await upload("postModel", "part.nc", GCODE(10), "text/plain");
    const fake = await upload(
      "postMedia",
      "fake.png",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "image/png",
    );
    const refused = await confirm({ attachmentIds: [fake, model] });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toMatch(/fake\.png/);
    // The good file of the same call is confirmed; only the refused one is gone.
    const rows = await testDb()
      .select({ id: attachments.id, status: attachments.status })
      .from(attachments)
      .where(eq(attachments.postId, postId));
    expect(rows.find((row) => row.id === fake)).toBeUndefined();
    expect(rows.find((row) => row.id === model)?.status).toBe("ready");

    // A model uploaded and deleted.
    const deleted = await upload("postModel", "scrap.nc", GCODE(20), "text/x-gcode");
    expect((await confirm({ attachmentIds: [deleted] })).status).toBe(200);
    expect((await call("GET", `/api/v1/attachment/deleteAttachment/${deleted}`)).status).toBe(200);
    expect((await confirm({ youtubeUrls: ["https://youtu.be/dQw4w9WgXcQ"] })).status).toBe(200);

    expect(await thumbnailOf()).toBe(thumbnail);
    const [kept] = await testDb()
      .select({ status: attachments.status })
      .from(attachments)
      .where(eq(attachments.id, thumbnail));
    expect(kept?.status).toBe("ready");
    const detail = await call("GET", `/api/v1/post/${postId}`);
    expect(JSON.stringify(detail.body.data.post)).toContain(thumbnail);
  }, 60_000);
});
