// DELETE /api/v1/collection/delete/{id}: the owner deletes a collection; its projects stay
import { route } from "@/lib/http/route";
import { deleteCollection } from "@/lib/services/collections/delete-collection";
import { deleteCollectionEndpoint } from "@/lib/validation/collections";

export const DELETE = route(deleteCollectionEndpoint, async ({ actor, params }) => ({
  collection: await deleteCollection({ actor, collectionId: params.id }),
}));

export * from "@/lib/http/method-not-allowed";
