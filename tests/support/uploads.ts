import { createHash } from "node:crypto";
import { expect } from "vitest";
import { asUser } from "./factories-project";
import { api, type Envelope } from "./http";

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

export type UploadUrls = Envelope<{
  attachments: { fileHash: string; signedUrl: string; attachmentId: string }[];
}>;

/** One file of a getPreSignedUploadUrl request for a post; a model unless another category is named. */
export function postUpload({
  postId,
  fileName,
  bytes,
  category = "postModel",
  resourceType = category === "postModel" ? "model" : "image",
}: {
  postId: string;
  fileName: string;
  bytes: Buffer | string;
  category?: string;
  resourceType?: string;
}) {
  return {
    parentId: postId,
    parentType: "post",
    category,
    fileName,
    fileHash: sha256(bytes),
    fileSize: Buffer.byteLength(bytes),
    resourceType,
  };
}

/** getPreSignedUploadUrl as the user: the answer as it comes. */
export async function requestUploadUrls(userId: string, files: object[]) {
  return api<UploadUrls>(
    "/api/v1/attachment/getPreSignedUploadUrl",
    await asUser(userId, { json: { attachments: files } }),
  );
}

/**
 * A G-code model uploaded as its owner would: upload URL, PUT of `sent` (the announced bytes unless
 * given), confirm. Returns the confirm answer and the attachment's id.
 */
export async function uploadModel(
  userId: string,
  postId: string,
  { fileName, gcode, sent = gcode }: { fileName: string; gcode: string; sent?: string },
) {
  const upload = await requestUploadUrls(userId, [postUpload({ postId, fileName, bytes: gcode })]);
  expect(upload.status).toBe(200);
  const [target] = upload.body.data.attachments;
  const put = await fetch(target!.signedUrl, {
    method: "PUT",
    headers: { "content-type": "text/x-gcode" },
    body: sent,
  });
  expect(put.status).toBe(200);
  const confirmed = await api(
    "/api/v1/attachment/confirmUploads",
    await asUser(userId, { json: { attachmentIds: [target!.attachmentId] } }),
  );
  return { confirmed, attachmentId: target!.attachmentId };
}
