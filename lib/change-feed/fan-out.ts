import "server-only";
import { forgetTtlCacheKeys, clearTtlCaches } from "@/lib/cache/ttl-cache";
import { recordPostChanges } from "./changes";

/** One row of the change_feed table (lib/db/schema/change-feed.ts). */
export interface FeedRow {
  id: number;
  kind: string;
  key: string | null;
}

export interface FanOutPlan {
  /** Posts whose page, detail or listing row changed. */
  postIds: string[];
  /** Posts whose counters alone changed: their copies may lag by up to COUNTER_LAG_MS. */
  counterPostIds: string[];
  /** Users whose public profile or header changed. */
  userIds: string[];
  /** Something every page shows changed (a tag, a category, a partner, a machine). */
  everything: boolean;
}

/** What a batch of feed rows means for the caches (pure). Unknown kinds count as everything. */
export function planFanOut(rows: readonly FeedRow[]): FanOutPlan {
  const postIds = new Set<string>();
  const counterPostIds = new Set<string>();
  const userIds = new Set<string>();
  let everything = false;
  for (const row of rows) {
    if (row.kind === "post" && row.key) postIds.add(row.key);
    else if (row.kind === "counters" && row.key) counterPostIds.add(row.key);
    else if (row.kind === "user" && row.key) userIds.add(row.key);
    else everything = true;
  }
  for (const postId of postIds) counterPostIds.delete(postId);
  return { postIds: [...postIds], counterPostIds: [...counterPostIds], userIds: [...userIds], everything };
}

/**
 * A render that read the database just before a write committed can finish just after the feed
 * told of it and be stored as if it were newer; a second pass this long after each change drops
 * such a page too.
 */
export const RENDER_RACE_MS = 1_500;
/** Likes, bookmarks and downloads reach cached copies at most this late (one render per window). */
export const COUNTER_LAG_MS = 5_000;

const pendingCounterChanges = new Set<string>();

function later(ms: number, task: () => void): void {
  setTimeout(task, ms).unref();
}

function dropPosts(postIds: readonly string[] | "all"): void {
  recordPostChanges(postIds, Date.now());
  if (postIds === "all") clearTtlCaches();
  else forgetTtlCacheKeys(postIds);
}

/**
 * Hands a batch of changes to every cache of this process: cached project pages and replayed
 * answers of changed posts are dropped (and once more after RENDER_RACE_MS), the short-lived
 * caches emptied (listings and the header's user: any change may concern them), and counters
 * follow within COUNTER_LAG_MS, so a burst of likes costs one render per window.
 */
export function fanOut(plan: FanOutPlan): void {
  const hidesOrShows = plan.everything || plan.postIds.length > 0 || plan.userIds.length > 0;
  if (!hidesOrShows && plan.counterPostIds.length === 0) return;
  if (hidesOrShows) {
    const posts: readonly string[] | "all" = plan.everything ? "all" : plan.postIds;
    clearTtlCaches();
    dropPosts(posts);
    later(RENDER_RACE_MS, () => dropPosts(posts));
  }
  for (const postId of plan.counterPostIds) {
    if (pendingCounterChanges.has(postId)) continue;
    pendingCounterChanges.add(postId);
    later(COUNTER_LAG_MS, () => {
      pendingCounterChanges.delete(postId);
      dropPosts([postId]);
    });
  }
}
