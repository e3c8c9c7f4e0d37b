// GET /api/v1/bookmark/getBookmarkedPosts: the caller's bookmarked posts
import { route } from "@/lib/http/route";
import { listBookmarkedPosts } from "@/lib/services/bookmarks/list-bookmarked-posts";
import { bookmarkedPostsEndpoint } from "@/lib/validation/posts";

export const GET = route(bookmarkedPostsEndpoint, async ({ actor, query }) =>
  listBookmarkedPosts({ actor, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
