import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { bookmarks, posts } from "@/lib/db/schema";
import { loadPostCards, pageOf, placeIn } from "@/lib/services/posts/queries/to-post-summaries";
import type { Actor } from "@/lib/auth/actor";
import { visiblePostsWhere } from "@/lib/services/posts/post-access";
import type { PostList } from "@/lib/validation/posts";

/**
 * The actor's bookmarks, most recently bookmarked first (post id breaks ties). A bookmarked post
 * that has since become hidden (a draft or pending post of someone else) is left out.
 */
export async function listBookmarkedPosts({
  actor,
  page,
  limit,
}: {
  actor: Actor;
  page: number;
  limit: number;
}): Promise<PostList> {
  const where = and(eq(bookmarks.userId, actor.id), visiblePostsWhere(actor));
  // NULLS LAST as in bookmarks_user_created_idx, so the order can come from the index.
  const order = [sql`${bookmarks.createdAt} desc nulls last`, sql`${bookmarks.postId} desc nulls last`];
  const pageQuery = db()
    .select({ id: posts.id, ord: placeIn(order) })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  const [postsOnPage, [totalRow]] = await Promise.all([
    loadPostCards(pageOf(pageQuery), { actorId: actor.id }),
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(bookmarks)
      .innerJoin(posts, eq(posts.id, bookmarks.postId))
      .where(where),
  ]);
  const total = Number(totalRow?.total ?? 0);
  return {
    posts: postsOnPage,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
