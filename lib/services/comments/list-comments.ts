import "server-only";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";
import type { Comment } from "@/lib/validation/comments";
import { loadComments } from "./queries/to-comments";

/** Comments of a post the actor may see, newest first. */
export async function listComments({
  postId,
  actor,
}: {
  postId: string;
  actor: Actor | null;
}): Promise<Comment[]> {
  await assertPostVisible(postId, actor);
  return loadComments({ postId }, actor);
}
