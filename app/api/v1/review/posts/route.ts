// GET /api/v1/review/posts?page=&limit=: staff's queue of pending posts, oldest first, with pre-flight reports
import { route } from "@/lib/http/route";
import { listPendingPosts } from "@/lib/services/review/list-pending-posts";
import { listReviewPostsEndpoint } from "@/lib/validation/review";

export const GET = route(listReviewPostsEndpoint, async ({ actor, query }) =>
  listPendingPosts({ actor, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
