import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { bookmarks } from "@/lib/db/schema";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";

interface BookmarkRequest {
  actor: Actor;
  postId: string;
}

export interface BookmarkState {
  postId: string;
  hasBookmarkedByUser: boolean;
}

/** Bookmarks a post; idempotent through the (user, post) primary key. */
export async function bookmarkPost({ actor, postId }: BookmarkRequest): Promise<BookmarkState> {
  await assertPostVisible(postId, actor);
  await db().insert(bookmarks).values({ userId: actor.id, postId }).onConflictDoNothing();
  return { postId, hasBookmarkedByUser: true };
}

/** Removes the actor's bookmark; removing one that is not there is a no-op. */
export async function unbookmarkPost({ actor, postId }: BookmarkRequest): Promise<BookmarkState> {
  await assertPostVisible(postId, actor);
  await db()
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, actor.id), eq(bookmarks.postId, postId)));
  return { postId, hasBookmarkedByUser: false };
}
