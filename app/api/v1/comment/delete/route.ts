// DELETE /api/v1/comment/delete?postId=..&commentId=..: by its author or verified staff
import { route } from "@/lib/http/route";
import { deleteComment } from "@/lib/services/comments/delete-comment";
import { deleteCommentEndpoint } from "@/lib/validation/comments";

export const DELETE = route(deleteCommentEndpoint, async ({ actor, query }) =>
  deleteComment({ actor, postId: query.postId, commentId: query.commentId }),
);

export * from "@/lib/http/method-not-allowed";
