import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { analyseStoredGcode } from "@/lib/services/gcode/analyse-stored-gcode";
import type { Actor } from "@/lib/auth/actor";
import { storedUploadProblem } from "./upload-checks";

const FILE_URL_SECONDS = 60 * 60;

/**
 * The last step of the upload flow (docs/project-api.md): after the browser PUT each file to its
 * signed URL, the server checks what arrived and marks it ready. Only the uploader may confirm.
 * Every pending file is checked from the stored bytes (upload-checks.ts): the size limit of its
 * kind (models 100 MB, images 5 MB, design files 50 MB, zip 200 MB), the declared size and SHA-256,
 * and an image's magic bytes against its declared type. A file that fails is deleted (row and
 * object) and the call answers 400 naming it. Confirming a ready file again is harmless.
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
      postId: attachments.postId,
    })
    .from(attachments)
    .where(inArray(attachments.id, attachmentIds));
  const storage = getStorage();
  const confirmed: { _id: string; fileName: string; url: string }[] = [];
  for (const id of attachmentIds) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row || row.userId !== actor.id || !row.storageKey) {
      throw new AppError("NOT_FOUND", "Attachment not found");
    }
    const pending = { ...row, storageKey: row.storageKey };
    if (row.status === "pending") {
      const info = await storage.statObject(pending.storageKey);
      const problem = await storedUploadProblem(pending, info?.size ?? null);
      if (problem) {
        await db().delete(attachments).where(eq(attachments.id, row.id));
        await storage.deleteObjects([pending.storageKey]);
        throw new AppError("VALIDATION", problem, { issues: [{ path: "attachmentIds", message: problem }] });
      }
      await db()
        .update(attachments)
        .set({ status: "ready" })
        .where(and(eq(attachments.id, row.id), eq(attachments.status, "pending")));
      // G-code models: keep dimensions and cut time with the attachment (lib/services/gcode).
      if (row.category === "postModel") await analyseStoredGcode(row.id);
    }
    confirmed.push({
      _id: row.id,
      fileName: row.fileName,
      url: await storage.presignGet(pending.storageKey, { expiresInSeconds: FILE_URL_SECONDS }),
    });
  }
  return confirmed;
}
