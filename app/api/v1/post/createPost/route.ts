// POST /api/v1/post/createPost: the wizard's step 1 creates a draft from the basic details (JSON, or a form with the thumbnail file)
import { route } from "@/lib/http/route";
import { createPostDraft } from "@/lib/services/posts/create-post-draft";
import { createPostDraftEndpoint } from "@/lib/validation/post-authoring";

export const POST = route(createPostDraftEndpoint, async ({ actor, body }) => {
  const { currentPage, thumbnail, ...fields } = body;
  return { post: await createPostDraft({ actor, fields, thumbnail, currentPage: currentPage ?? 2 }) };
});

export * from "@/lib/http/method-not-allowed";
