import "server-only";
import { AppError } from "@/lib/errors";
import type { PostDetail } from "@/lib/validation/posts";
import { isValidPreviewKey, POST_NOT_FOUND_MESSAGE } from "./post-access";
import { loadPostDetail } from "./queries/load-post-detail";

/**
 * The preview screen's post: any visibility (drafts included) for a caller holding a preview key,
 * e.g. an external review tool. Without a valid key it answers 401.
 */
export async function getPostPreview({
  postId,
  apiKey,
}: {
  postId: string;
  apiKey: string | null;
}): Promise<PostDetail> {
  if (!isValidPreviewKey(apiKey))
    throw new AppError("UNAUTHENTICATED", "A valid x-api-key header is required.");
  const loaded = await loadPostDetail({ postId, actor: null, mayView: () => true });
  if (!loaded) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  return loaded.detail;
}
