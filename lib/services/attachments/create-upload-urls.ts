import "server-only";
import { assertPostOwned } from "@/lib/services/posts/post-access";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, projectMakes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { contentTypeFromExtension } from "@/lib/storage/content-types";
import { toKeySegment } from "@/lib/storage/keys";
import type { Actor } from "@/lib/auth/actor";
import { type UploadRequest, uploadFileProblem } from "@/lib/validation/attachments";
import { MAX_MAKE_IMAGES } from "@/lib/validation/makes";

import { tooLargeMessage, UPLOAD_LIMIT_BYTES, uploadKindOf } from "./upload-checks";

const UPLOAD_URL_SECONDS = 15 * 60;

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
 * a signed PUT URL for each. The same file (same hash and name) asked for twice gets the same
 * pending attachment back.
 */
export async function createUploadUrls({
  actor,
  requests,
}: {
  actor: Actor;
  requests: UploadRequest[];
}): Promise<{ fileHash: string; signedUrl: string; attachmentId: string }[]> {
  const storage = getStorage();
  const results: { fileHash: string; signedUrl: string; attachmentId: string }[] = [];
  for (const [index, request] of requests.entries()) {
    const prefix = await assertOwnParent(actor, request, index);
    const contentType = assertAcceptable(request, index);
    const fileHash = request.fileHash.toLowerCase();
    const storageKey = `${prefix}/${fileHash.slice(0, 16)}-${toKeySegment(request.fileName)}`;
    const isMake = request.parentType === "projectMake";
    if (isMake) {
      const existing = await db()
        .select({ id: attachments.id })
        .from(attachments)
        .where(eq(attachments.makeId, request.parentId));
      if (existing.length >= MAX_MAKE_IMAGES) refuse(index, "fileName", `At most ${MAX_MAKE_IMAGES} images`);
    }
    await db()
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
        fileHash,
        fileSize: request.fileSize,
        contentType,
        storageKey,
      })
      .onConflictDoNothing({ target: attachments.storageKey });
    const [row] = await db()
      .select({ id: attachments.id, userId: attachments.userId, status: attachments.status })
      .from(attachments)
      .where(and(eq(attachments.storageKey, storageKey)))
      .limit(1);
    if (!row || row.userId !== actor.id)
      throw new AppError("CONFLICT", "This file is already being uploaded.");
    if (row.status === "ready") throw new AppError("CONFLICT", `${request.fileName} is already uploaded.`);
    results.push({
      fileHash,
      attachmentId: row.id,
      signedUrl: await storage.presignPut(storageKey, { expiresInSeconds: UPLOAD_URL_SECONDS, contentType }),
    });
  }
  return results;
}
