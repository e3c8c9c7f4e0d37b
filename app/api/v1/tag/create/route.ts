// POST /api/v1/tag/create: a tag by name; an existing name (any case) answers that tag
import { route } from "@/lib/http/route";
import { createTag } from "@/lib/services/taxonomy/create-tag";
import { createTagEndpoint } from "@/lib/validation/post-authoring";

export const POST = route(createTagEndpoint, async ({ actor, body }) => ({
  tag: (await createTag({ actor, name: body.name, type: body.type })).tag,
}));

export * from "@/lib/http/method-not-allowed";
