import "server-only";
import type { Actor } from "@/lib/auth/actor";
import type { PostFields } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { createPostDraft } from "./create-post-draft";

/**
 * `post/create`: a draft from a full payload, for scripts (files follow through the upload flow,
 * then `updatePost` with currentPage 8 submits it). Same checks and transaction as the wizard's
 * step 1; the draft reopens at step 1 in the wizard.
 */
export async function createPost({
  actor,
  fields,
}: {
  actor: Actor;
  fields: PostFields & { title: string; description: string };
}): Promise<PostDetail> {
  return createPostDraft({ actor, fields, currentPage: 1 });
}
