import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { collectionPosts } from "@/lib/db/schema";
import type { Collection } from "@/lib/validation/collections";
import type { CollectionPostRequest } from "./add-post-to-collection";
import { assertCollectionOwned } from "./collection-access";
import { loadCollectionSummary } from "./queries/collection-summaries";

/**
 * DELETE /api/v1/collection/removePost/{id}?postId=: the project out of the collection.
 * Idempotent, and it works whatever the project's visibility now, so an owner can tidy away one
 * that is no longer public.
 */
export async function removePostFromCollection({
  actor,
  collectionId,
  postId,
}: CollectionPostRequest): Promise<Collection> {
  const facts = await assertCollectionOwned(collectionId, actor);
  await db()
    .delete(collectionPosts)
    .where(and(eq(collectionPosts.collectionId, collectionId), eq(collectionPosts.postId, postId)));
  return loadCollectionSummary(facts, actor);
}
