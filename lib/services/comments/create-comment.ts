import "server-only";
import { type Delta, deltaToPlainText } from "@/lib/comments/delta";
import { db } from "@/lib/db/client";
import { comments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { afterEvent } from "@/lib/services/notifications/record-notifications";
import { notifyCommentOnProject } from "@/lib/services/notifications/notify-project-activity";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";
import type { Comment } from "@/lib/validation/comments";
import { loadComments } from "./queries/to-comments";

/**
 * Adds a comment. The delta arrives sanitised by the validation schema (colours stripped, only
 * http(s)/mailto links); the comments_count trigger keeps the post's counter exact.
 */
export async function createComment({
  actor,
  postId,
  delta,
}: {
  actor: Actor;
  postId: string;
  delta: Delta;
}): Promise<Comment> {
  await assertPostVisible(postId, actor);
  const [row] = await db()
    .insert(comments)
    .values({ postId, userId: actor.id, comment: JSON.stringify(delta), plainText: deltaToPlainText(delta) })
    .returning({ id: comments.id });
  await afterEvent("comment", () => notifyCommentOnProject({ actor, postId }));
  const [comment] = row ? await loadComments({ commentIds: [row.id] }, actor) : [];
  if (!comment) throw new AppError("NOT_FOUND", "Comment not found");
  return comment;
}
