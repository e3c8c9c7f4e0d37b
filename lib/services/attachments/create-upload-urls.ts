import "server-only";
import { randomUUID } from "node:crypto";
import { assertPostOwned } from "@/lib/services/posts/post-access";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, projectMakes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { contentTypeFromExtension, declarableContentTypes } from "@/lib/storage/content-types";
import { toKeySegment } from "@/lib/storage/keys";
import type { Actor } from "@/lib/auth/actor";
import { type UploadRequest, uploadFileProblem } from "@/lib/validation/attachments";
import { MAX_MAKE_IMAGES } from "@/lib/validation/makes";
import { consumeUploadQuotas } from "./upload-quotas";
import { scheduleUploadKeyDeletion, UPLOAD_KEY_PREFIX, UPLOAD_URL_SECONDS } from "./upload-keys";
import { tooLargeMessage, UPLOAD_LIMIT_BYTES, uploadKindOf } from "./upload-checks";

const extensionOf = (fileName: string) => fileName.split(".").pop()?.toLowerCase() ?? "";

function refuse(index: number, field: string, message: string): never {
  throw new AppError("VALIDATION", message, { issues: [{ path: `attachments.${index}.${field}`, message }] });
}

/** The parent must be the actor's own post or make; returns the key prefix of its files. */
async function assertOwnParent(actor: Actor, request: UploadRequest, index: number): Promise<string> {
  if (request.parentType === "projectMake") {
    if (request.category !== "projectMakeImages")
      refuse(index, "category", "Make files must be projectMakeImages");
    const [make] = await db()
      .select({ userId: projectMakes.userId })
      .from(projectMakes)
      .where(eq(projectMakes.id, request.parentId))
      .limit(1);
    if (!make) throw new AppError("NOT_FOUND", "Make not found");
    if (make.userId !== actor.id)
      throw new AppError("FORBIDDEN", "You can only add images to your own makes.");
    return `makes/${request.parentId}`;
  }
  if (request.category === "projectMakeImages")
    refuse(index, "category", "Post files cannot be projectMakeImages");
  await assertPostOwned(request.parentId, actor, {
    forbiddenMessage: "You can only add files to your own projects.",
  });
  return `posts/${request.parentId}/${request.category}`;
}

/**
 * The file's rule (lib/validation/attachments.ts, the wizard's own, with the spec's messages) and
 * the size limit of its kind; answers the type the object is stored with.
 */
function assertAcceptable(request: UploadRequest, index: number): string {
  const problem = uploadFileProblem(request.category, { name: request.fileName, size: request.fileSize });
  if (problem) refuse(index, problem.field, problem.message);
  if (request.category === "projectMakeImages") {
    const extension = extensionOf(request.fileName);
    return extension === "jpg" ? "image/jpeg" : `image/${extension}`;
  }
  const contentType = contentTypeFromExtension(request.fileName);
  const kind = uploadKindOf(request.category, contentType);
  if (request.fileSize > UPLOAD_LIMIT_BYTES[kind])
    refuse(index, "fileSize", tooLargeMessage(request.fileName, kind));
  return contentType;
}

/**
 * Step 1 of the upload flow (docs/storage.md): records a pending attachment per file and answers
 * a signed PUT URL for each. The URL writes to an upload key of its own that nothing reads; the
 * confirm step copies the checked bytes to the attachment's storage key, so a later PUT cannot
 * change what is served. The same file (same hash and name) asked for again gets the same pending
 * attachment with a new upload key. Quotas per user and per IP (upload-quotas.ts) come first.
 */
export async function createUploadUrls({
  actor,
  requests,
  ip,
}: {
  actor: Actor;
  requests: UploadRequest[];
  ip: string;
}): Promise<{ fileHash: string; signedUrl: string; attachmentId: string }[]> {
  const storage = getStorage();
  const planned: { request: UploadRequest; storageKey: string; contentType: string }[] = [];
  for (const [index, request] of requests.entries()) {
    const prefix = await assertOwnParent(actor, request, index);
    const contentType = assertAcceptable(request, index);
    const fileHash = request.fileHash.toLowerCase();
    planned.push({
      request: { ...request, fileHash },
      storageKey: `${prefix}/${fileHash.slice(0, 16)}-${toKeySegment(request.fileName)}`,
      contentType,
    });
  }
  await consumeUploadQuotas({
    userId: actor.id,
    ip,
    files: planned.map(({ request, storageKey }) => ({ storageKey, fileSize: request.fileSize })),
  });

  const results: { fileHash: string; signedUrl: string; attachmentId: string }[] = [];
  for (const [index, { request, storageKey, contentType }] of planned.entries()) {
    const isMake = request.parentType === "projectMake";
    if (isMake) {
      const existing = await db()
        .select({ id: attachments.id })
        .from(attachments)
        .where(eq(attachments.makeId, request.parentId));
      if (existing.length >= MAX_MAKE_IMAGES) refuse(index, "fileName", `At most ${MAX_MAKE_IMAGES} images`);
    }
    const uploadKey = newUploadKey(request.fileName);
    const [inserted] = await db()
      .insert(attachments)
      .values({
        userId: actor.id,
        parentType: request.parentType,
        postId: isMake ? null : request.parentId,
        makeId: isMake ? request.parentId : null,
        category: request.category,
        resourceType: isMake ? "image" : request.resourceType,
        status: "pending",
        fileName: request.fileName,
        fileHash: request.fileHash,
        fileSize: request.fileSize,
        contentType,
        storageKey,
        uploadKey,
      })
      .onConflictDoNothing({ target: attachments.storageKey })
      .returning({ id: attachments.id });
    const attachmentId =
      inserted?.id ?? (await reissueUploadKey(actor, request.fileName, storageKey, uploadKey));
    results.push({
      fileHash: request.fileHash,
      attachmentId,
      signedUrl: await storage.presignPut(uploadKey, {
        expiresInSeconds: UPLOAD_URL_SECONDS,
        contentTypes: declarableContentTypes(contentType),
        maxBytes: request.fileSize,
      }),
    });
  }
  return results;
}

/** `uploads/<random>/<name>`: unguessable, and never the key a file is served from. */
function newUploadKey(fileName: string): string {
  return `${UPLOAD_KEY_PREFIX}/${randomUUID()}/${toKeySegment(fileName)}`;
}

/**
 * The same file asked for again while pending (a retried step): its attachment gets the new upload
 * key, and whatever the old URL wrote is deleted once that URL has expired.
 */
async function reissueUploadKey(
  actor: Actor,
  fileName: string,
  storageKey: string,
  uploadKey: string,
): Promise<string> {
  const [row] = await db()
    .select({
      id: attachments.id,
      userId: attachments.userId,
      status: attachments.status,
      uploadKey: attachments.uploadKey,
    })
    .from(attachments)
    .where(eq(attachments.storageKey, storageKey))
    .limit(1);
  if (!row || row.userId !== actor.id) throw new AppError("CONFLICT", "This file is already being uploaded.");
  if (row.status === "ready") throw new AppError("CONFLICT", `${fileName} is already uploaded.`);
  const [updated] = await db()
    .update(attachments)
    .set({ uploadKey })
    .where(and(eq(attachments.id, row.id), eq(attachments.status, "pending")))
    .returning({ id: attachments.id });
  if (!updated) throw new AppError("CONFLICT", `${fileName} is already uploaded.`);
  if (row.uploadKey) await scheduleUploadKeyDeletion([row.uploadKey]);
  return row.id;
}
