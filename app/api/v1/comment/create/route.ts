// POST /api/v1/comment/create { postId, comment }: comment with a sanitised Quill delta
import { route } from "@/lib/http/route";
import { createComment } from "@/lib/services/comments/create-comment";
import { createCommentEndpoint } from "@/lib/validation/comments";

export const POST = route(createCommentEndpoint, async ({ actor, body }) => ({
  comment: await createComment({ actor, postId: body.postId, delta: body.comment }),
}));

export * from "@/lib/http/method-not-allowed";
