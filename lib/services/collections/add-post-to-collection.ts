import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { collectionPosts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import { type Collection, COLLECTION_MESSAGES, COLLECTION_POSTS_MAX } from "@/lib/validation/collections";
import { assertCollectionOwned, canAddPostToCollection } from "./collection-access";
import { loadCollectionSummary } from "./queries/collection-summaries";

/** One project in one of the actor's collections. */
export interface CollectionPostRequest {
  actor: Actor;
  collectionId: string;
  postId: string;
}

export const ONLY_PUBLIC_PROJECTS_MESSAGE =
  "Only public projects (or your own) can be added to a collection.";

/**
 * POST /api/v1/collection/addPost/{id}: the project at the end of the collection. Idempotent: a
 * project already in it keeps its place. The collection's row is locked while it is added, so
 * concurrent adds take distinct places and the size limit holds.
 */
export async function addPostToCollection({
  actor,
  collectionId,
  postId,
}: CollectionPostRequest): Promise<Collection> {
  const facts = await db().transaction(async (tx) => {
    const collection = await assertCollectionOwned(collectionId, actor, { executor: tx, lock: true });
    const post = await assertPostVisible(postId, actor, tx);
    if (!canAddPostToCollection(post, actor)) {
      throw new AppError("VALIDATION", ONLY_PUBLIC_PROJECTS_MESSAGE, {
        issues: [{ path: "postId", message: ONLY_PUBLIC_PROJECTS_MESSAGE }],
      });
    }
    const [state] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        next: sql<number>`coalesce(max(${collectionPosts.position}) + 1, 0)::int`,
        has: sql<boolean>`bool_or(${collectionPosts.postId} = ${postId})`,
      })
      .from(collectionPosts)
      .where(eq(collectionPosts.collectionId, collectionId));
    if (state?.has) return collection;
    if (Number(state?.count ?? 0) >= COLLECTION_POSTS_MAX) {
      throw new AppError("CONFLICT", COLLECTION_MESSAGES.full);
    }
    await tx
      .insert(collectionPosts)
      .values({ collectionId, postId, position: Number(state?.next ?? 0) })
      .onConflictDoNothing();
    return collection;
  });
  return loadCollectionSummary(facts, actor);
}
