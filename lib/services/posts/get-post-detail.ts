import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/errors";
import type { PostDetail } from "@/lib/validation/posts";
import { canViewPost, canViewPostDetail, POST_NOT_FOUND_MESSAGE } from "./post-access";
import { loadPostDetail } from "./queries/load-post-detail";

/** GET /api/v1/post/{id} and the project page: one post as the actor may see it, or NOT_FOUND. */
export async function getPostDetail({
  postId,
  actor,
}: {
  postId: string;
  actor: Actor | null;
}): Promise<PostDetail> {
  const loaded = await loadPostDetail({ postId, actor, mayView: (facts) => canViewPost(facts, actor) });
  if (!loaded || !canViewPostDetail(loaded.facts, actor, loaded.fileCount)) {
    throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  }
  return loaded.detail;
}
