// @ts-check
/*
 * Next's ISR cache for this app (next.config.ts `cacheHandler`, ADR 017): the cached guest pages
 * (the home page, ADR 007, and the project pages) live in this process's memory, as with Next's
 * own in-memory cache, plus the rules Next's cache cannot express across hosts: a cached project
 * page is dropped as soon as its post changed, the home page as soon as any post did, and nothing
 * is served from here while the change feed is down (ADR 025).
 *
 * Plain JavaScript because Next imports it at run time, outside its bundles, and the Docker image
 * runs it without a TypeScript loader. It only reads the record of changes on globalThis that the
 * change feed keeps (lib/change-feed/changes.ts), whatever host made them.
 */

/** Shared with lib/change-feed/changes.ts: the same symbol and the same shape. */
const CHANGES_KEY = Symbol.for("cnc.changeFeed.changes");
/** The home page's cache key ends with its path (lib/guest-pages/paths.ts GUEST_HOME_PATH). */
const HOME_PAGE_KEY = /\/guest-home\/[^/]+$/;
/** A project page's cache key ends with its request path (Next's scoped keys keep it readable). */
const PROJECT_PAGE_KEY = /\/guest-model\/([0-9a-f-]{36})$/;
/** The cache holds at most this many bytes of pages (approximate, as Next's own LRU counts them). */
const MAX_BYTES = (Number(process.env.PAGE_CACHE_MB) || 64) * 1024 * 1024;

/**
 * @typedef {{ changedAt: Map<string, number>, allChangedAt: number, latestAt: number, liveUntil: number }} FeedChanges
 * @returns {FeedChanges}
 */
function feedChanges() {
  const registry = /** @type {Record<symbol, FeedChanges | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  return (registry[CHANGES_KEY] ??= { changedAt: new Map(), allChangedAt: 0, latestAt: 0, liveUntil: 0 });
}

/** @param {unknown} value */
function sizeOf(value) {
  if (!value || typeof value !== "object") return 25;
  const entry = /** @type {{ html?: unknown, rscData?: { length?: number }, body?: { length?: number } }} */ (
    value
  );
  const html = typeof entry.html === "string" ? entry.html.length : 0;
  return Math.max(1, html + (entry.rscData?.length ?? 0) + (entry.body?.length ?? 0)) + 512;
}

/**
 * @typedef {{ value: unknown, lastModified: number, size: number }} Entry
 * One store per process: Next creates a handler per request.
 * @type {Map<string, Entry>}
 */
const store = /** @type {Record<symbol, Map<string, Entry> | undefined>} */ (
  /** @type {unknown} */ (globalThis)[Symbol.for("cnc.isrStore")] ??= new Map()
);
let storedBytes = 0;

/**
 * A project page rendered before its post's latest change, the home page before any post's.
 * @param {string} key @param {Entry} entry @param {FeedChanges} changes
 */
function isOutdated(key, entry, changes) {
  if (HOME_PAGE_KEY.test(key)) return entry.lastModified < changes.latestAt;
  const match = PROJECT_PAGE_KEY.exec(key);
  if (!match) return false;
  return entry.lastModified < Math.max(changes.allChangedAt, changes.changedAt.get(match[1]) ?? 0);
}

/** @param {string} key */
function remove(key) {
  const entry = store.get(key);
  if (!entry) return;
  store.delete(key);
  storedBytes -= entry.size;
}

export default class IsrCacheHandler {
  /** @param {string} key */
  async get(key) {
    const entry = store.get(key);
    if (!entry) return null;
    const changes = feedChanges();
    // While the feed is down, whatever is held could be stale: render afresh until it is back.
    if (Date.now() >= changes.liveUntil) return null;
    if (isOutdated(key, entry, changes)) {
      remove(key);
      return null;
    }
    // Least recently used goes first: move this one to the end.
    store.delete(key);
    store.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified };
  }

  /** @param {string} key @param {unknown} value */
  async set(key, value) {
    remove(key);
    if (value === null || value === undefined) return;
    const entry = { value, lastModified: Date.now(), size: sizeOf(value) + key.length };
    store.set(key, entry);
    storedBytes += entry.size;
    for (const oldest of store.keys()) {
      if (storedBytes <= MAX_BYTES) break;
      remove(oldest);
    }
  }

  /** No page uses fetch or data-cache tags; changes come through the change feed. */
  async revalidateTag() {}

  resetRequestCache() {}
}
