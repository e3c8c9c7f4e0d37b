// GET /api/v1/post: public posts with the filter bar's filters, search and paging
import { route } from "@/lib/http/route";
import { listPosts } from "@/lib/services/posts/list-posts";
import { listPostsEndpoint } from "@/lib/validation/posts";

export const GET = route(listPostsEndpoint, async ({ actor, query }) => {
  const { page, limit, ...filters } = query;
  return listPosts({ actor, filters, page, limit });
});

export * from "@/lib/http/method-not-allowed";
