import "server-only";

/**
 * When a cached guest project page (app/(guest)/guest-model, ADR 017) must be rendered again.
 * Services call `projectPagesChanged` after a write that changes what a project page shows; the
 * ISR cache (lib/cache/isr-cache-handler.mjs) then drops every page of those posts rendered
 * before the change. The registry lives on globalThis because the handler is loaded outside
 * Next's bundles; its shape and symbol are shared with that file.
 */
const CHANGES_KEY = Symbol.for("cnc.projectPageChanges");
const CHANGE_MESSAGE = "cnc:project-pages-changed";

/**
 * A render that read the database just before a write commits can finish just after it and be
 * stored as if it were newer; a second pass this long after each change drops such a page too.
 */
export const RENDER_RACE_MS = 2_000;
/** Likes, bookmarks and downloads reach the cached page at most this late (one render per window). */
export const COUNTER_LAG_MS = 5_000;

interface ProjectPageChanges {
  changedAt: Map<string, number>;
  allChangedAt: number;
  /** The latest change of any page (absent until one; the handler's registry has no such field). */
  latestAt?: number;
}

type PostIds = readonly string[] | "all";

function projectPageChanges(): ProjectPageChanges {
  const registry = globalThis as unknown as Record<symbol, ProjectPageChanges | undefined>;
  return (registry[CHANGES_KEY] ??= { changedAt: new Map(), allChangedAt: 0 });
}

/**
 * A change older than this no longer matters: every cached page and post detail is younger (pages
 * re-render after 30 minutes plus next.config.ts's 5 minute `expireTime`, details after at most an
 * hour), so older entries are forgotten once the registry is large.
 */
const CHANGE_MEMORY_MS = 2 * 60 * 60 * 1000;
const PRUNE_ABOVE = 10_000;

function prune(changes: ProjectPageChanges, now: number): void {
  if (changes.changedAt.size <= PRUNE_ABOVE) return;
  for (const [postId, at] of changes.changedAt)
    if (at < now - CHANGE_MEMORY_MS) changes.changedAt.delete(postId);
}

/** Marks the pages changed as of `at` in this process (the later time wins). */
export function recordProjectPageChange(postIds: PostIds, at: number): void {
  const changes = projectPageChanges();
  changes.latestAt = Math.max(changes.latestAt ?? 0, at);
  if (postIds === "all") {
    changes.allChangedAt = Math.max(changes.allChangedAt, at);
    return;
  }
  for (const postId of postIds) {
    changes.changedAt.set(postId, Math.max(changes.changedAt.get(postId) ?? 0, at));
  }
  prune(changes, Date.now());
}

/** A sibling worker's notice, as relayed by the cluster primary. */
function onSiblingMessage(message: unknown): void {
  const notice = message as { type?: unknown; postIds?: unknown; at?: unknown } | null;
  if (notice?.type !== CHANGE_MESSAGE || typeof notice.at !== "number") return;
  if (notice.postIds === "all") recordProjectPageChange("all", notice.at);
  else if (Array.isArray(notice.postIds))
    recordProjectPageChange(
      notice.postIds.filter((postId): postId is string => typeof postId === "string"),
      notice.at,
    );
}

// One listener per process, though the server process loads this module twice (ADR 009).
const LISTENING_KEY = Symbol.for("cnc.projectPageChanges.listening");
const processFlags = globalThis as unknown as Record<symbol, boolean | undefined>;
if (!processFlags[LISTENING_KEY] && typeof process.send === "function") {
  processFlags[LISTENING_KEY] = true;
  process.on("message", onSiblingMessage);
}

/**
 * When this process last heard of a change to any project page (its own or a sibling's): the
 * suggestions' title index catches up on its next request after one (ADR 021,
 * lib/services/posts/suggestions/title-index-sync.ts).
 */
export function latestProjectPageChangeAt(): number {
  return projectPageChanges().latestAt ?? 0;
}

/** The pages' render time must be at least this to be served (tests, and the handler's rule). */
export function projectPageChangedAt(postId: string): number {
  const changes = projectPageChanges();
  return Math.max(changes.allChangedAt, changes.changedAt.get(postId) ?? 0);
}

/** This process and, through the cluster primary, every sibling worker (scripts/lib/serve.ts). */
function announce(postIds: PostIds): void {
  const at = Date.now();
  recordProjectPageChange(postIds, at);
  // A forked process whose parent went away cannot send: its siblings are gone too.
  process.send?.({ type: CHANGE_MESSAGE, postIds, at }, undefined, {}, () => undefined);
}

function later(ms: number, task: () => void): void {
  setTimeout(task, ms).unref();
}

/**
 * After a committed write that changes what the project pages of these posts show (the post, its
 * files, tools, machines, comments, makes, review state; "all" for an author's name or picture, a
 * deleted tag): their cached pages are dropped now, and once more after RENDER_RACE_MS.
 */
export function projectPagesChanged(postIds: PostIds): void {
  if (postIds !== "all" && postIds.length === 0) return;
  announce(postIds);
  later(RENDER_RACE_MS, () => announce(postIds));
}

const pendingCounterChanges = new Set<string>();

/**
 * After a like, bookmark or download: the page's counters may lag by up to COUNTER_LAG_MS, so a
 * burst of likes on a popular project costs one render per window instead of one per like.
 */
export function projectPageCountersChanged(postId: string): void {
  if (pendingCounterChanges.has(postId)) return;
  pendingCounterChanges.add(postId);
  later(COUNTER_LAG_MS, () => {
    pendingCounterChanges.delete(postId);
    projectPagesChanged([postId]);
  });
}
