import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";
import { deleteAttachmentObjects } from "./upload-keys";

/** Deletes one of the actor's own attachments (row first, then the stored file). */
export async function deleteAttachment({
  actor,
  attachmentId,
}: {
  actor: Actor;
  attachmentId: string;
}): Promise<{ _id: string }> {
  const [row] = await db()
    .select({
      userId: attachments.userId,
      storageKey: attachments.storageKey,
      uploadKey: attachments.uploadKey,
      postId: attachments.postId,
    })
    .from(attachments)
    .where(eq(attachments.id, attachmentId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Attachment not found");
  if (row.userId !== actor.id) throw new AppError("FORBIDDEN", "You can only delete your own files.");
  await db().delete(attachments).where(eq(attachments.id, attachmentId));
  await deleteAttachmentObjects([row]);
  return { _id: attachmentId };
}
