// GET /api/v1/collection/getCollectionsByUsername/{username}: public collections, and private ones for their owner
import { route } from "@/lib/http/route";
import { listCollectionsByUsername } from "@/lib/services/collections/list-collections-by-username";
import { collectionsByUsernameEndpoint } from "@/lib/validation/collections";

export const GET = route(collectionsByUsernameEndpoint, async ({ actor, params, query }) =>
  listCollectionsByUsername({ actor, username: params.username, ...query }),
);

export * from "@/lib/http/method-not-allowed";
