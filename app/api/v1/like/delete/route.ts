// DELETE /api/v1/like/delete?postId=..: removes the caller's like (idempotent)
import { route } from "@/lib/http/route";
import { unlikePost } from "@/lib/services/likes/like-post";
import { deleteLikeEndpoint } from "@/lib/validation/posts";

export const DELETE = route(deleteLikeEndpoint, async ({ actor, query }) => ({
  like: await unlikePost({ actor, postId: query.postId }),
}));

export * from "@/lib/http/method-not-allowed";
