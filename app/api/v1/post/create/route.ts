// POST /api/v1/post/create: a draft from a full payload (scripts); files follow through the upload flow
import { route } from "@/lib/http/route";
import { createPost } from "@/lib/services/posts/create-post";
import { createPostEndpoint } from "@/lib/validation/post-authoring";

export const POST = route(createPostEndpoint, async ({ actor, body }) => ({
  post: await createPost({ actor, fields: body }),
}));

export * from "@/lib/http/method-not-allowed";
