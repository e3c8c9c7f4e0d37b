import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, posts, projectMakes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { canViewPost } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";
import { recordDownload } from "./record-download";

/** Long enough to start a large download, short enough that a copied link soon stops working. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;
const NOT_FOUND_MESSAGE = "Attachment not found";

/**
 * A short-lived download URL for a file the actor may see (through its post, or the post of its
 * make). Counts the download, and for a signed-in user writes a download log with the names as
 * they are now, in one transaction.
 */
export async function getDownloadUrl({
  actor,
  attachmentId,
}: {
  actor: Actor | null;
  attachmentId: string;
}): Promise<{ signedURL: string }> {
  const [file] = await db()
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      resourceType: attachments.resourceType,
      storageKey: attachments.storageKey,
      status: attachments.status,
      postId: sql<string>`coalesce(${attachments.postId}, ${projectMakes.postId})`,
      postUserId: posts.userId,
      visibility: posts.visibility,
      title: posts.title,
    })
    .from(attachments)
    .leftJoin(projectMakes, eq(projectMakes.id, attachments.makeId))
    .innerJoin(posts, eq(posts.id, sql`coalesce(${attachments.postId}, ${projectMakes.postId})`))
    .where(eq(attachments.id, attachmentId))
    .limit(1);
  if (
    !file ||
    file.status !== "ready" ||
    !canViewPost({ visibility: file.visibility, userId: file.postUserId }, actor)
  ) {
    throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  }
  if (!file.storageKey)
    throw new AppError("VALIDATION", "This attachment is a link and has no file to download.");

  const signedURL = await getStorage().presignGet(file.storageKey, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    downloadFileName: file.fileName,
  });
  await recordDownload(file, actor);
  return { signedURL };
}
