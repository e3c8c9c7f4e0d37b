import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { bookmarks, posts } from "@/lib/db/schema";
import { countAll, type ActorPageRequest } from "@/lib/services/paging";
import { loadPostCardPage } from "@/lib/services/posts/queries/post-card-page";
import { placeIn } from "@/lib/services/posts/queries/to-post-summaries";
import { visiblePostsWhere } from "@/lib/services/posts/post-access";
import type { PostList } from "@/lib/validation/posts";

/**
 * The actor's bookmarks, most recently bookmarked first (post id breaks ties). A bookmarked post
 * that has since become hidden (a draft or pending post of someone else) is left out.
 */
export async function listBookmarkedPosts({ actor, page, limit }: ActorPageRequest): Promise<PostList> {
  const where = and(eq(bookmarks.userId, actor.id), visiblePostsWhere(actor));
  // NULLS LAST as in bookmarks_user_created_idx, so the order can come from the index.
  const order = [sql`${bookmarks.createdAt} desc nulls last`, sql`${bookmarks.postId} desc nulls last`];
  const { cards, pagination } = await loadPostCardPage({
    ids: db()
      .select({ id: posts.id, ord: placeIn(order) })
      .from(bookmarks)
      .innerJoin(posts, eq(posts.id, bookmarks.postId))
      .where(where)
      .$dynamic(),
    count: db()
      .select({ total: countAll() })
      .from(bookmarks)
      .innerJoin(posts, eq(posts.id, bookmarks.postId))
      .where(where),
    order,
    page,
    limit,
    actorId: actor.id,
  });
  return { posts: cards, pagination };
}
