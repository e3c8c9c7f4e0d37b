// POST /api/v1/bookmark/create { postId }: bookmarks a post (idempotent)
import { route } from "@/lib/http/route";
import { bookmarkPost } from "@/lib/services/bookmarks/bookmark-post";
import { createBookmarkEndpoint } from "@/lib/validation/posts";

export const POST = route(createBookmarkEndpoint, async ({ actor, body }) => ({
  bookmark: await bookmarkPost({ actor, postId: body.postId }),
}));

export * from "@/lib/http/method-not-allowed";
