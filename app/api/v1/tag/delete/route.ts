// DELETE /api/v1/tag/delete?id=: staff delete a tag
import { route } from "@/lib/http/route";
import { deleteTag } from "@/lib/services/taxonomy/delete-tag";
import { deleteTagEndpoint } from "@/lib/validation/post-authoring";

export const DELETE = route(deleteTagEndpoint, async ({ actor, query }) =>
  deleteTag({ actor, tagId: query.id }),
);

export * from "@/lib/http/method-not-allowed";
