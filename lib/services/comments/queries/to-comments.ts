import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { comments, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { Comment } from "@/lib/validation/comments";
import { canDeleteComment } from "../comment-access";

/** Comment rows as the API shows them, newest first; names follow the author's privacy choices. */
export async function loadComments(
  where: { postId: string } | { commentIds: string[] },
  actor: Actor | null,
): Promise<Comment[]> {
  const rows = await db()
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      comment: comments.comment,
      commentedAt: comments.commentedAt,
      username: users.username,
      firstname: users.firstname,
      lastname: users.lastname,
      privacyFirstname: users.privacyFirstname,
      privacyLastname: users.privacyLastname,
      profilePicture: users.profilePicture,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where("postId" in where ? eq(comments.postId, where.postId) : inArray(comments.id, where.commentIds))
    .orderBy(desc(comments.commentedAt), desc(comments.id));
  return rows.map((row) => {
    const fullName = [row.privacyFirstname ? row.firstname : "", row.privacyLastname ? row.lastname : ""]
      .filter(Boolean)
      .join(" ")
      .trim();
    return {
      _id: row.id,
      post: row.postId,
      user: {
        _id: row.userId,
        username: row.username,
        fullName: fullName || row.username,
        profilePicture: row.profilePicture,
      },
      comment: row.comment,
      commentedAt: row.commentedAt.toISOString(),
      canDelete: canDeleteComment(row, actor),
    };
  });
}
