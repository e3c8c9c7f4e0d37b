// POST /api/v1/collection/create { name, description?, visibility }: a new collection of the caller's
import { route } from "@/lib/http/route";
import { createCollection } from "@/lib/services/collections/create-collection";
import { createCollectionEndpoint } from "@/lib/validation/collections";

export const POST = route(createCollectionEndpoint, async ({ actor, body }) => ({
  collection: await createCollection({ actor, input: body }),
}));

export * from "@/lib/http/method-not-allowed";
