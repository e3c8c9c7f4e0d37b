import "server-only";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { collections, posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { listedPostsWhere } from "@/lib/services/posts/post-access";
import { COLLECTION_MESSAGES } from "@/lib/validation/collections";

/**
 * Who may see and change a collection: the one home of these rules.
 *
 * | visibility | seen by                      | changed by |
 * | ---------- | ---------------------------- | ---------- |
 * | public     | everyone                     | its owner  |
 * | private    | its owner only (not staff)   | its owner  |
 *
 * A collection the actor may not see answers exactly like a missing one (404). Inside a
 * collection, a reader sees its public projects; its owner sees also their own projects of any
 * visibility. A project that stops being public keeps its place (it comes back if it is
 * published again) but no view of anyone else's shows it.
 */
export interface CollectionAccessFacts {
  id: string;
  userId: string;
  visibility: string;
}

type Executor = Pick<Database, "select">;

export function isCollectionOwner(collection: CollectionAccessFacts, actor: Actor | null): boolean {
  return actor !== null && actor.id === collection.userId;
}

export function canViewCollection(collection: CollectionAccessFacts, actor: Actor | null): boolean {
  return collection.visibility === "public" || isCollectionOwner(collection, actor);
}

/** The collections of `ownerId` that the actor may see. */
export function visibleCollectionsWhere(ownerId: string, actor: Actor | null): SQL {
  const own = eq(collections.userId, ownerId);
  if (actor?.id === ownerId) return own;
  return and(own, sql`${collections.visibility} = 'public'`) as SQL;
}

/**
 * The projects of a collection that the actor sees in it (SQL over `posts`): the public ones, and
 * for the collection's owner also their own.
 */
export function collectionPostsVisibleWhere(collection: CollectionAccessFacts, actor: Actor | null): SQL {
  if (!actor || !isCollectionOwner(collection, actor)) return listedPostsWhere;
  return or(listedPostsWhere, eq(posts.userId, actor.id)) as SQL;
}

/** Only a public project, or the collection owner's own, can be added. */
export function canAddPostToCollection(post: { visibility: string; userId: string }, actor: Actor): boolean {
  return post.visibility === "public" || post.userId === actor.id;
}

async function loadFacts(
  executor: Executor,
  collectionId: string,
  lock: boolean,
): Promise<CollectionAccessFacts | undefined> {
  const query = executor
    .select({ id: collections.id, userId: collections.userId, visibility: collections.visibility })
    .from(collections)
    .where(eq(collections.id, collectionId))
    .limit(1);
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** The collection when the actor may see it; otherwise NOT_FOUND. */
export async function assertCollectionVisible(
  collectionId: string,
  actor: Actor | null,
  executor: Executor = db(),
): Promise<CollectionAccessFacts> {
  const collection = await loadFacts(executor, collectionId, false);
  if (!collection || !canViewCollection(collection, actor)) {
    throw new AppError("NOT_FOUND", COLLECTION_MESSAGES.notFound);
  }
  return collection;
}

/**
 * The collection when the actor owns it. Hidden from the actor: NOT_FOUND, as if missing;
 * visible but someone else's: FORBIDDEN. In a transaction, `lock` holds the row until it ends
 * (adds and reorders of one collection then run one after another).
 */
export async function assertCollectionOwned(
  collectionId: string,
  actor: Actor,
  { executor = db(), lock = false }: { executor?: Executor; lock?: boolean } = {},
): Promise<CollectionAccessFacts> {
  const collection = await loadFacts(executor, collectionId, lock);
  if (!collection || !canViewCollection(collection, actor)) {
    throw new AppError("NOT_FOUND", COLLECTION_MESSAGES.notFound);
  }
  if (!isCollectionOwner(collection, actor)) {
    throw new AppError("FORBIDDEN", "You can only change your own collections.");
  }
  return collection;
}
