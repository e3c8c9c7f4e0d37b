// GET /api/v1/collection/{id}: a collection and one page of its projects as cards (private: owner only)
import { route } from "@/lib/http/route";
import { getCollection } from "@/lib/services/collections/get-collection";
import { getCollectionEndpoint } from "@/lib/validation/collections";

export const GET = route(getCollectionEndpoint, async ({ actor, params, query }) =>
  getCollection({ actor, collectionId: params.id, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
