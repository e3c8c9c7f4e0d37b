// GET /api/v1/post/getPostsByUserId/{id}: a user's posts (all of them for the owner)
import { route } from "@/lib/http/route";
import { listPostsByUser } from "@/lib/services/posts/list-posts-by-user";
import { postsByUserIdEndpoint } from "@/lib/validation/posts";

export const GET = route(postsByUserIdEndpoint, async ({ actor, params, query }) =>
  listPostsByUser({ actor, user: { id: params.id }, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
