import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { attachments, posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { canViewPost } from "./post-access";
import { ATTACHMENT_URL_SECONDS } from "./queries/load-post-detail";

/**
 * A fresh signed URL of the post's thumbnail, for the page's stable OpenGraph/Twitter image
 * address (/model/{id}/thumbnail): link previews fetch it long after a signed URL would expire.
 */
export async function getPostThumbnailUrl({
  postId,
  actor,
}: {
  postId: string;
  actor: Actor | null;
}): Promise<string> {
  const [row] = await db()
    .select({ userId: posts.userId, visibility: posts.visibility, storageKey: attachments.storageKey })
    .from(posts)
    .innerJoin(attachments, and(eq(attachments.id, posts.thumbnailId), eq(attachments.status, "ready")))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!row?.storageKey || !canViewPost(row, actor)) throw new AppError("NOT_FOUND", "Thumbnail not found");
  return getStorage().presignGet(row.storageKey, { expiresInSeconds: ATTACHMENT_URL_SECONDS });
}
