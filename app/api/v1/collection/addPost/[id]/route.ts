// POST /api/v1/collection/addPost/{id} { postId }: a project at the end of the owner's collection
import { route } from "@/lib/http/route";
import { addPostToCollection } from "@/lib/services/collections/add-post-to-collection";
import { addPostToCollectionEndpoint } from "@/lib/validation/collections";

export const POST = route(addPostToCollectionEndpoint, async ({ actor, params, body }) => ({
  collection: await addPostToCollection({ actor, collectionId: params.id, postId: body.postId }),
}));

export * from "@/lib/http/method-not-allowed";
