import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { collectionPosts, posts } from "@/lib/db/schema";
import { loadPostCards, pageOf, placeIn } from "@/lib/services/posts/queries/to-post-summaries";
import type { Collection } from "@/lib/validation/collections";
import type { PostList } from "@/lib/validation/posts";
import { assertCollectionVisible, collectionPostsVisibleWhere } from "./collection-access";
import { loadCollectionSummary } from "./queries/collection-summaries";

/**
 * GET /api/v1/collection/{id} and the collection page: the collection and one page of the
 * projects the actor sees in it, as cards, in the collection's order.
 */
export async function getCollection({
  actor,
  collectionId,
  page,
  limit,
}: {
  actor: Actor | null;
  collectionId: string;
  page: number;
  limit: number;
}): Promise<{ collection: Collection } & PostList> {
  const facts = await assertCollectionVisible(collectionId, actor);
  const where = and(
    eq(collectionPosts.collectionId, collectionId),
    collectionPostsVisibleWhere(facts, actor),
  ) as SQL;
  const order = [sql`${collectionPosts.position}`, sql`${collectionPosts.postId}`];
  const pageQuery = db()
    // Named `id` in the SQL too: the card query joins on page.id.
    .select({ id: sql<string>`${collectionPosts.postId}`.as("id"), ord: placeIn(order) })
    .from(collectionPosts)
    .innerJoin(posts, eq(posts.id, collectionPosts.postId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  const [collection, cards] = await Promise.all([
    loadCollectionSummary(facts, actor),
    loadPostCards(pageOf(pageQuery), { actorId: actor?.id ?? null }),
  ]);
  const total = collection.postCount;
  return {
    collection,
    posts: cards,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
