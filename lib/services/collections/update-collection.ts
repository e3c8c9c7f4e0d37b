import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { collectionPosts, collections } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { uniqueViolation } from "@/lib/services/auth/unique-violation";
import {
  type Collection,
  COLLECTION_MESSAGES,
  type UpdateCollectionInput,
} from "@/lib/validation/collections";
import { assertCollectionOwned } from "./collection-access";
import { uniqueSlug } from "./collection-slug";
import { loadCollectionSummary } from "./queries/collection-summaries";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * PATCH /api/v1/collection/update/{id}: name (its slug follows), description, visibility, and the
 * order of its projects: `postIds` first, in that order; entries it does not name (the owner may
 * not see them all: see collection-access.ts) keep their relative order after them.
 */
export async function updateCollection({
  actor,
  collectionId,
  input,
}: {
  actor: Actor;
  collectionId: string;
  input: UpdateCollectionInput;
}): Promise<Collection> {
  try {
    const facts = await db().transaction(async (tx) => {
      const collection = await assertCollectionOwned(collectionId, actor, { executor: tx, lock: true });
      const slug =
        input.name === undefined
          ? undefined
          : await uniqueSlug(tx, { ownerId: actor.id, name: input.name, exceptId: collectionId });
      await tx
        .update(collections)
        .set({
          ...(input.name === undefined ? {} : { name: input.name, slug }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
          updatedAt: new Date(),
        })
        .where(eq(collections.id, collectionId));
      if (input.postIds) await reorder(tx, collectionId, input.postIds);
      return { ...collection, visibility: input.visibility ?? collection.visibility };
    });
    return loadCollectionSummary(facts, actor);
  } catch (error) {
    if (uniqueViolation(error) === "collections_user_slug_idx") {
      throw new AppError("CONFLICT", "Another of your collections was just given this name; try again.");
    }
    throw error;
  }
}

async function reorder(tx: Transaction, collectionId: string, postIds: string[]): Promise<void> {
  const entries = await tx
    .select({ postId: collectionPosts.postId })
    .from(collectionPosts)
    .where(eq(collectionPosts.collectionId, collectionId))
    .orderBy(asc(collectionPosts.position), asc(collectionPosts.postId));
  const present = new Set(entries.map((entry) => entry.postId));
  const named = new Set(postIds);
  if (named.size !== postIds.length || postIds.some((postId) => !present.has(postId))) {
    throw new AppError("VALIDATION", COLLECTION_MESSAGES.order, {
      issues: [{ path: "postIds", message: COLLECTION_MESSAGES.order }],
    });
  }
  const order = [...postIds, ...entries.map((entry) => entry.postId).filter((postId) => !named.has(postId))];
  if (order.length === 0) return;
  // One statement: each entry's new place is its index in `order`.
  await tx.execute(sql`update ${collectionPosts} set position = placed.ord - 1
    from unnest(${sql.param(order)}::uuid[]) with ordinality as placed(post_id, ord)
    where ${collectionPosts.collectionId} = ${collectionId} and ${collectionPosts.postId} = placed.post_id`);
}
