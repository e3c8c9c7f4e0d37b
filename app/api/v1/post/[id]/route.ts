// GET /api/v1/post/{id}: one post with author, stats, files, tools, machines (404 when hidden)
import { route } from "@/lib/http/route";
import { getPostDetail } from "@/lib/services/posts/get-post-detail";
import { getPostEndpoint } from "@/lib/validation/posts";

export const GET = route(getPostEndpoint, async ({ actor, params }) => ({
  post: await getPostDetail({ postId: params.id, actor }),
}));

export * from "@/lib/http/method-not-allowed";
