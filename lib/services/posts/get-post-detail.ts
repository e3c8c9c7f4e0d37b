import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { PostDetail } from "@/lib/validation/posts";
import { canViewPost, canViewPostDetail, POST_NOT_FOUND_MESSAGE } from "./post-access";
import { loadPostDetail } from "./queries/load-post-detail";

/**
 * What a signed-out visitor gets of a post is the same for everyone, so it is reused for up to
 * POST_DETAIL_CACHE_SECONDS, but never across a change of the post: the change feed drops the
 * entry when the post changes on any host (lib/change-feed, ADR 025; counters within 5 s), and
 * while the feed is down every visitor's detail is loaded afresh. `null`: not found for visitors.
 */
const guestDetails = new TtlCache<PostDetail | null>({
  ttlMs: () => env().POST_DETAIL_CACHE_SECONDS * 1000,
  maxEntries: 1_000,
});

async function loadVisible(postId: string, actor: Actor | null): Promise<PostDetail | null> {
  const loaded = await loadPostDetail({ postId, actor, mayView: (facts) => canViewPost(facts, actor) });
  return loaded && canViewPostDetail(loaded.facts, actor, loaded.fileCount) ? loaded.detail : null;
}

function loadForGuests(postId: string): Promise<PostDetail | null> {
  return guestDetails.get(postId, () => loadVisible(postId, null));
}

/** GET /api/v1/post/{id} and the project page: one post as the actor may see it, or NOT_FOUND. */
export async function getPostDetail({
  postId,
  actor,
}: {
  postId: string;
  actor: Actor | null;
}): Promise<PostDetail> {
  const detail = actor ? await loadVisible(postId, actor) : await loadForGuests(postId);
  if (!detail) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  return detail;
}
