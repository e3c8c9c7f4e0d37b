// PATCH /api/v1/collection/update/{id}: name, description, visibility or order (owner only)
import { route } from "@/lib/http/route";
import { updateCollection } from "@/lib/services/collections/update-collection";
import { updateCollectionEndpoint } from "@/lib/validation/collections";

export const PATCH = route(updateCollectionEndpoint, async ({ actor, params, body }) => ({
  collection: await updateCollection({ actor, collectionId: params.id, input: body }),
}));

export * from "@/lib/http/method-not-allowed";
