// DELETE /api/v1/bookmark/delete?postId=..: removes the caller's bookmark (idempotent)
import { route } from "@/lib/http/route";
import { unbookmarkPost } from "@/lib/services/bookmarks/bookmark-post";
import { deleteBookmarkEndpoint } from "@/lib/validation/posts";

export const DELETE = route(deleteBookmarkEndpoint, async ({ actor, query }) => ({
  bookmark: await unbookmarkPost({ actor, postId: query.postId }),
}));

export * from "@/lib/http/method-not-allowed";
