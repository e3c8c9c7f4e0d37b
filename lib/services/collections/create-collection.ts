import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";
import { uniqueViolation } from "@/lib/services/auth/unique-violation";
import type { Collection, CreateCollectionInput } from "@/lib/validation/collections";
import { uniqueSlug } from "./collection-slug";
import { loadCollectionSummary } from "./queries/collection-summaries";

const SLUG_ATTEMPTS = 3;

/** POST /api/v1/collection/create: a new, empty collection of the actor's. */
export async function createCollection({
  actor,
  input,
}: {
  actor: Actor;
  input: CreateCollectionInput;
}): Promise<Collection> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await db().transaction(async (tx) => {
        const slug = await uniqueSlug(tx, { ownerId: actor.id, name: input.name });
        const [row] = await tx
          .insert(collections)
          .values({
            userId: actor.id,
            name: input.name,
            slug,
            description: input.description ?? "",
            visibility: input.visibility,
          })
          .returning({ id: collections.id, userId: collections.userId, visibility: collections.visibility });
        return row!;
      });
      return loadCollectionSummary(created, actor);
    } catch (error) {
      // Two creates of the same name at once: the loser picks the next free slug.
      if (uniqueViolation(error) !== "collections_user_slug_idx" || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}
