import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { likes, posts } from "@/lib/db/schema";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";

export interface LikeState {
  postId: string;
  likes: number;
  hasLikedByUser: boolean;
}

async function likeState(postId: string, hasLikedByUser: boolean): Promise<LikeState> {
  const [row] = await db()
    .select({ likes: posts.likesCount })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return { postId, likes: row?.likes ?? 0, hasLikedByUser };
}

/**
 * Likes a post. Idempotent: the (user, post) primary key makes a repeated or concurrent click a
 * no-op, and the counter trigger (ADR 005) counts only rows really inserted.
 */
export async function likePost({ actor, postId }: { actor: Actor; postId: string }): Promise<LikeState> {
  await assertPostVisible(postId, actor);
  await db().insert(likes).values({ userId: actor.id, postId }).onConflictDoNothing();
  return likeState(postId, true);
}

/** Removes the actor's like; removing a like that is not there is a no-op. */
export async function unlikePost({ actor, postId }: { actor: Actor; postId: string }): Promise<LikeState> {
  await assertPostVisible(postId, actor);
  await db()
    .delete(likes)
    .where(and(eq(likes.userId, actor.id), eq(likes.postId, postId)));
  return likeState(postId, false);
}
