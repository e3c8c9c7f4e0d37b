// GET /api/v1/post/preview/postDetails/?postId=..: any post for a caller with a valid x-api-key
import { route } from "@/lib/http/route";
import { getPostPreview } from "@/lib/services/posts/get-post-preview";
import { previewPostEndpoint } from "@/lib/validation/posts";

export const GET = route(previewPostEndpoint, async ({ request, query }) => ({
  post: await getPostPreview({ postId: query.postId, apiKey: request.headers.get("x-api-key") }),
}));

export * from "@/lib/http/method-not-allowed";
