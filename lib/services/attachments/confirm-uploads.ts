import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { analyseStoredGcode } from "@/lib/services/gcode/analyse-stored-gcode";
import type { Actor } from "@/lib/auth/actor";
import { DEFAULT_CONTENT_TYPE } from "@/lib/storage/content-types";
import { type DeclaredUpload, storedUploadProblem } from "./upload-checks";
import { scheduleUploadKeyDeletion } from "./upload-keys";

const FILE_URL_SECONDS = 60 * 60;

/**
 * The last step of the upload flow (docs/project-api.md): after the browser PUT each file to its
 * signed URL, the server checks what arrived and marks it ready. Only the uploader may confirm.
 * Each pending file is first copied from its upload key to its storage key, which no URL can
 * write, and checked there (upload-checks.ts): the size limit of its kind, the declared size and
 * SHA-256, and an image's magic bytes against its type. So what is checked is what is served,
 * whatever reaches the upload URL later. A file that fails is deleted (row and objects); the
 * others of the call are still confirmed, and the call answers 400 naming every refused file.
 * Confirming a ready file again is harmless.
 * Other services (the authoring wizard's updateAttachments) may call this with their actor.
 */
export async function confirmUploads({
  actor,
  attachmentIds,
}: {
  actor: Actor;
  attachmentIds: string[];
}): Promise<{ _id: string; fileName: string; url: string }[]> {
  const rows = await db()
    .select({
      id: attachments.id,
      userId: attachments.userId,
      category: attachments.category,
      status: attachments.status,
      fileName: attachments.fileName,
      fileSize: attachments.fileSize,
      fileHash: attachments.fileHash,
      contentType: attachments.contentType,
      storageKey: attachments.storageKey,
      uploadKey: attachments.uploadKey,
      postId: attachments.postId,
    })
    .from(attachments)
    .where(inArray(attachments.id, attachmentIds));
  const storage = getStorage();
  const confirmed: { _id: string; fileName: string; url: string }[] = [];
  const problems: string[] = [];
  for (const id of attachmentIds) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row || row.userId !== actor.id || !row.storageKey) {
      throw new AppError("NOT_FOUND", "Attachment not found");
    }
    const upload = { ...row, storageKey: row.storageKey };
    if (row.status === "pending") {
      const problem = await checkAndKeep(upload);
      if (problem) {
        problems.push(problem);
        continue;
      }
      // G-code models: keep dimensions and cut time with the attachment (lib/services/gcode).
      if (row.category === "postModel") await analyseStoredGcode(row.id);
    }
    confirmed.push({
      _id: row.id,
      fileName: row.fileName,
      url: await storage.presignGet(upload.storageKey, { expiresInSeconds: FILE_URL_SECONDS }),
    });
  }
  if (problems.length > 0) {
    throw new AppError("VALIDATION", problems.join(" "), {
      issues: problems.map((message) => ({ path: "attachmentIds", message })),
    });
  }
  return confirmed;
}

interface PendingUpload extends DeclaredUpload {
  id: string;
  uploadKey: string | null;
}

/**
 * Copies the upload to its storage key, checks it there and marks it ready; or removes it and
 * answers the problem. Claiming the upload key first means one confirm at a time copies and checks.
 */
async function checkAndKeep(upload: PendingUpload): Promise<string | null> {
  const storage = getStorage();
  if (upload.uploadKey) {
    await scheduleUploadKeyDeletion([upload.uploadKey]);
    const [claimed] = await db()
      .update(attachments)
      .set({ uploadKey: null })
      .where(
        and(
          eq(attachments.id, upload.id),
          eq(attachments.status, "pending"),
          eq(attachments.uploadKey, upload.uploadKey),
        ),
      )
      .returning({ id: attachments.id });
    if (!claimed) {
      await assertConfirmedElsewhere(upload);
      return null;
    }
    try {
      await storage.copyObject(upload.uploadKey, upload.storageKey, {
        contentType: upload.contentType ?? DEFAULT_CONTENT_TYPE,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
    }
  }
  const info = await storage.statObject(upload.storageKey);
  const problem = await storedUploadProblem(upload, info?.size ?? null);
  if (problem) {
    await db().delete(attachments).where(eq(attachments.id, upload.id));
    await storage.deleteObjects([upload.storageKey, ...(upload.uploadKey ? [upload.uploadKey] : [])]);
    return problem;
  }
  await db()
    .update(attachments)
    .set({ status: "ready" })
    .where(and(eq(attachments.id, upload.id), eq(attachments.status, "pending")));
  return null;
}

/** Another request claimed the upload: fine once it is ready, otherwise ask to try again. */
async function assertConfirmedElsewhere(upload: PendingUpload): Promise<void> {
  const [row] = await db()
    .select({ status: attachments.status })
    .from(attachments)
    .where(eq(attachments.id, upload.id))
    .limit(1);
  if (row?.status === "ready") return;
  if (!row) throw new AppError("NOT_FOUND", "Attachment not found");
  throw new AppError("CONFLICT", `${upload.fileName} is being checked. Please try again in a moment.`);
}
