import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { comments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";
import { canDeleteComment } from "./comment-access";

/** Deletes a comment of the given post: its author may, verified staff may; nobody else. */
export async function deleteComment({
  actor,
  postId,
  commentId,
}: {
  actor: Actor;
  postId: string;
  commentId: string;
}): Promise<{ _id: string }> {
  await assertPostVisible(postId, actor);
  const [comment] = await db()
    .select({ userId: comments.userId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .limit(1);
  if (!comment) throw new AppError("NOT_FOUND", "Comment not found");
  if (!canDeleteComment(comment, actor)) {
    throw new AppError("FORBIDDEN", "You can only delete your own comments.");
  }
  await db()
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
  return { _id: commentId };
}
