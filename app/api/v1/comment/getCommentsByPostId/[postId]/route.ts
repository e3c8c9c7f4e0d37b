// GET /api/v1/comment/getCommentsByPostId/{postId}: comments of a visible post, newest first
import { route } from "@/lib/http/route";
import { listComments } from "@/lib/services/comments/list-comments";
import { getCommentsByPostIdEndpoint } from "@/lib/validation/comments";

export const GET = route(getCommentsByPostIdEndpoint, async ({ actor, params }) => ({
  comments: await listComments({ postId: params.postId, actor }),
}));

export * from "@/lib/http/method-not-allowed";
