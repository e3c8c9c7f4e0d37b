// GET /api/v1/tag/getTags?type=post: tags of a type
import { route } from "@/lib/http/route";
import { listTags } from "@/lib/services/taxonomy/list-tags";
import { getTagsEndpoint } from "@/lib/validation/taxonomy";

export const GET = route(getTagsEndpoint, async ({ query }) => ({
  tags: await listTags({ type: query.type }),
}));

export * from "@/lib/http/method-not-allowed";
