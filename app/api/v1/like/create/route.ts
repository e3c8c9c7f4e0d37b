// POST /api/v1/like/create { postId }: likes a post (idempotent)
import { route } from "@/lib/http/route";
import { likePost } from "@/lib/services/likes/like-post";
import { createLikeEndpoint } from "@/lib/validation/posts";

export const POST = route(createLikeEndpoint, async ({ actor, body }) => ({
  like: await likePost({ actor, postId: body.postId }),
}));

export * from "@/lib/http/method-not-allowed";
