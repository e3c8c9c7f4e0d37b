// DELETE /api/v1/collection/removePost/{id}?postId=: a project out of the owner's collection
import { route } from "@/lib/http/route";
import { removePostFromCollection } from "@/lib/services/collections/remove-post-from-collection";
import { removePostFromCollectionEndpoint } from "@/lib/validation/collections";

export const DELETE = route(removePostFromCollectionEndpoint, async ({ actor, params, query }) => ({
  collection: await removePostFromCollection({ actor, collectionId: params.id, postId: query.postId }),
}));

export * from "@/lib/http/method-not-allowed";
