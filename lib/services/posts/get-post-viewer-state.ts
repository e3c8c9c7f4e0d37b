import "server-only";
import { and, eq, exists } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { bookmarks, likes, posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { PostViewerState } from "@/lib/validation/posts";
import { canViewPost, isPostOwner, POST_NOT_FOUND_MESSAGE } from "./post-access";
import { loadOwnedMachines } from "./queries/post-machines";

/**
 * GET /api/v1/post/viewerState/{postId}: the parts of a project page that depend on who looks
 * (ADR 017), so the page itself can be the same cached HTML for everyone: two statements at once.
 */
export async function getPostViewerState({
  actor,
  postId,
}: {
  actor: Actor;
  postId: string;
}): Promise<PostViewerState> {
  const executor = db();
  const stateQuery = executor
    .select({
      visibility: posts.visibility,
      userId: posts.userId,
      likes: posts.likesCount,
      hasLiked: exists(
        executor
          .select({ one: likes.postId })
          .from(likes)
          .where(and(eq(likes.postId, posts.id), eq(likes.userId, actor.id))),
      ),
      hasBookmarked: exists(
        executor
          .select({ one: bookmarks.postId })
          .from(bookmarks)
          .where(and(eq(bookmarks.postId, posts.id), eq(bookmarks.userId, actor.id))),
      ),
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  const [[row], viewerMachines] = await Promise.all([stateQuery, loadOwnedMachines(actor.id)]);
  if (!row || !canViewPost(row, actor)) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  return {
    postId,
    likes: row.likes,
    hasLikedByUser: Boolean(row.hasLiked),
    hasBookmarkedByUser: Boolean(row.hasBookmarked),
    isOwner: isPostOwner(row, actor),
    viewerMachines,
  };
}
