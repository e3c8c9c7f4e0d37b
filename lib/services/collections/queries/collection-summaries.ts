import "server-only";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { collectionPosts, collections, posts, users } from "@/lib/db/schema";
import type { Collection } from "@/lib/validation/collections";
import { type CollectionAccessFacts, collectionPostsVisibleWhere } from "../collection-access";

/**
 * Collections of one owner as the API answers them, newest first, each with the count of projects
 * the actor sees in it and, with `postId`, whether it holds that project.
 */
export async function loadCollectionSummaries({
  actor,
  ownerId,
  where,
  postId,
  page = 1,
  limit = 100,
}: {
  actor: Actor | null;
  ownerId: string;
  where: SQL;
  postId?: string;
  page?: number;
  limit?: number;
}): Promise<Collection[]> {
  // The same owner for every row, so one visibility rule for their projects.
  const facts: CollectionAccessFacts = { id: "", userId: ownerId, visibility: "public" };
  const postCount = sql<number>`(select count(*)::int from ${collectionPosts}
    inner join ${posts} on ${posts.id} = ${collectionPosts.postId}
    where ${collectionPosts.collectionId} = ${collections.id} and ${collectionPostsVisibleWhere(facts, actor)})`;
  const hasPost = postId
    ? sql<boolean>`exists (select 1 from ${collectionPosts} where ${collectionPosts.collectionId} = ${collections.id} and ${collectionPosts.postId} = ${postId})`
    : undefined;
  const rows = await db()
    .select({
      id: collections.id,
      name: collections.name,
      slug: collections.slug,
      description: collections.description,
      visibility: collections.visibility,
      userId: users.id,
      username: users.username,
      createdAt: collections.createdAt,
      updatedAt: collections.updatedAt,
      postCount,
      hasPost: hasPost ?? sql<boolean>`false`,
    })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .where(and(eq(collections.userId, ownerId), where))
    .orderBy(desc(collections.createdAt), desc(collections.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    visibility: row.visibility,
    postCount: Number(row.postCount),
    user: { _id: row.userId, username: row.username },
    ...(postId ? { hasPost: Boolean(row.hasPost) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** One collection as the API answers it (the actor may see it: checked by the caller). */
export async function loadCollectionSummary(
  collection: CollectionAccessFacts,
  actor: Actor | null,
): Promise<Collection> {
  const [summary] = await loadCollectionSummaries({
    actor,
    ownerId: collection.userId,
    where: eq(collections.id, collection.id),
    limit: 1,
  });
  return summary!;
}
