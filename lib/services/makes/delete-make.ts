import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, projectMakes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { deleteAttachmentObjects } from "@/lib/services/attachments/upload-keys";
import type { Actor } from "@/lib/auth/actor";

/** Deletes a make with its images; only its author may. Stored files go after the rows commit. */
export async function deleteMake({
  actor,
  makeId,
}: {
  actor: Actor;
  makeId: string;
}): Promise<{ _id: string }> {
  const files = await db().transaction(async (tx) => {
    const [make] = await tx
      .select({ userId: projectMakes.userId })
      .from(projectMakes)
      .where(eq(projectMakes.id, makeId))
      .for("update")
      .limit(1);
    if (!make) throw new AppError("NOT_FOUND", "Make not found");
    if (make.userId !== actor.id) throw new AppError("FORBIDDEN", "Only the author of a make can delete it.");
    const files = await tx
      .select({ storageKey: attachments.storageKey, uploadKey: attachments.uploadKey })
      .from(attachments)
      .where(and(eq(attachments.makeId, makeId), isNotNull(attachments.storageKey)));
    // The attachment rows cascade with the make.
    await tx.delete(projectMakes).where(eq(projectMakes.id, makeId));
    return files;
  });
  await deleteAttachmentObjects(files);
  return { _id: makeId };
}
