// GET /api/v1/post/getRemixes/{postId}?page=&limit=: the remixes of a project, as cards, newest link first
import { route } from "@/lib/http/route";
import { listRemixes } from "@/lib/services/remixes/list-remixes";
import { getRemixesEndpoint } from "@/lib/validation/remixes";

export const GET = route(getRemixesEndpoint, async ({ actor, params, query }) =>
  listRemixes({ actor, postId: params.postId, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
