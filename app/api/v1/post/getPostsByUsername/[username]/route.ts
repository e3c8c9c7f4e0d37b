// GET /api/v1/post/getPostsByUsername/{username}?postType=: a user's posts (the owner's by tab)
import { route } from "@/lib/http/route";
import { listPostsByUser } from "@/lib/services/posts/list-posts-by-user";
import { postsByUsernameEndpoint } from "@/lib/validation/posts";

export const GET = route(postsByUsernameEndpoint, async ({ actor, params, query }) =>
  listPostsByUser({
    actor,
    user: { username: params.username },
    page: query.page,
    limit: query.limit,
    postType: query.postType,
  }),
);

export * from "@/lib/http/method-not-allowed";
