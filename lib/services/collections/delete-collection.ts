import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { assertCollectionOwned } from "./collection-access";

/** DELETE /api/v1/collection/delete/{id}: the collection goes (its entries with it), the projects stay. */
export async function deleteCollection({
  actor,
  collectionId,
}: {
  actor: Actor;
  collectionId: string;
}): Promise<{ _id: string }> {
  await assertCollectionOwned(collectionId, actor);
  await db().delete(collections).where(eq(collections.id, collectionId));
  return { _id: collectionId };
}
