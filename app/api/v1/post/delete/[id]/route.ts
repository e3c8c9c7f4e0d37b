// DELETE /api/v1/post/delete/{id}: the owner deletes a post with its files and rows
import { route } from "@/lib/http/route";
import { deletePost } from "@/lib/services/posts/delete-post";
import { deletePostEndpoint } from "@/lib/validation/posts";

export const DELETE = route(deletePostEndpoint, async ({ actor, params }) => ({
  post: await deletePost({ actor, postId: params.id }),
}));

export * from "@/lib/http/method-not-allowed";
