import "server-only";

/**
 * What this process has learnt from the change feed (./follow-change-feed.ts, ADR 025): when each
 * post last changed, and until when the feed counts as live. Kept on globalThis because the
 * cached guest pages' handler (lib/guest-pages/isr-cache-handler.mjs) is loaded outside Next's
 * bundles and the server process loads the app's modules twice (ADR 009); that file reads the
 * same symbol and shape.
 */
const CHANGES_KEY = Symbol.for("cnc.changeFeed.changes");

export interface FeedChanges {
  /** When this process learnt of each post's latest change (ms). */
  changedAt: Map<string, number>;
  /** A change to every post at once (a tag, a category): pages rendered before it are outdated. */
  allChangedAt: number;
  /** The latest change of any post (0 until one). */
  latestAt: number;
  /** Until when cached copies may be served; 0 while the feed is down or not yet caught up. */
  liveUntil: number;
}

function changes(): FeedChanges {
  const registry = globalThis as unknown as Record<symbol, FeedChanges | undefined>;
  return (registry[CHANGES_KEY] ??= { changedAt: new Map(), allChangedAt: 0, latestAt: 0, liveUntil: 0 });
}

/**
 * A change older than this no longer matters: every cached page and post detail is younger (pages
 * re-render after 30 minutes plus next.config.ts's 5 minute `expireTime`, details after at most an
 * hour), so older entries are forgotten once the registry is large.
 */
const CHANGE_MEMORY_MS = 2 * 60 * 60 * 1000;
const PRUNE_ABOVE = 10_000;

/** Marks the posts changed as of `at` (the later time wins). */
export function recordPostChanges(postIds: readonly string[] | "all", at: number): void {
  const registry = changes();
  registry.latestAt = Math.max(registry.latestAt, at);
  if (postIds === "all") {
    registry.allChangedAt = Math.max(registry.allChangedAt, at);
    return;
  }
  for (const postId of postIds)
    registry.changedAt.set(postId, Math.max(registry.changedAt.get(postId) ?? 0, at));
  if (registry.changedAt.size <= PRUNE_ABOVE) return;
  for (const [postId, changedAt] of registry.changedAt)
    if (changedAt < at - CHANGE_MEMORY_MS) registry.changedAt.delete(postId);
}

/** A cached copy of this post's page made before this time is outdated. */
export function postChangedAt(postId: string): number {
  const registry = changes();
  return Math.max(registry.allChangedAt, registry.changedAt.get(postId) ?? 0);
}

/** When this process last learnt of a change to any post. */
export function latestPostChangeAt(): number {
  return changes().latestAt;
}

/**
 * Whether caches may serve what they hold: the feed is connected and has caught up recently
 * enough that nothing hidden more than the freshness limit ago can still be in them.
 */
export function changeFeedIsLive(now = Date.now()): boolean {
  return now < changes().liveUntil;
}

/** The follower's word: live until `until` (0: down now). */
export function setChangeFeedLiveUntil(until: number): void {
  changes().liveUntil = until;
}
