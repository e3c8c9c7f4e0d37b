// @ts-check
/*
 * Next's ISR cache for this app (next.config.ts `cacheHandler`, ADR 017): the cached guest pages
 * (the home page, ADR 007, and the project pages) live in this process's memory, as with Next's
 * own in-memory cache, plus one rule Next's cache cannot express across processes: a cached
 * project page is dropped as soon as its post changed.
 *
 * Plain JavaScript because Next imports it at run time, outside its bundles, and the Docker image
 * runs it without a TypeScript loader. It only reads the registry of changes on globalThis, which
 * lib/cache/project-page-changes.ts keeps (this process's writes, and its siblings' through
 * node:cluster messages relayed by the primary, scripts/lib/serve.ts).
 */

/** Shared with lib/cache/project-page-changes.ts: the same symbol and the same shape. */
const CHANGES_KEY = Symbol.for("cnc.projectPageChanges");
/** A project page's cache key ends with its request path (Next's scoped keys keep it readable). */
const PROJECT_PAGE_KEY = /\/guest-model\/([0-9a-f-]{36})$/;
/** The cache holds at most this many bytes of pages (approximate, as Next's own LRU counts them). */
const MAX_BYTES = (Number(process.env.PAGE_CACHE_MB) || 64) * 1024 * 1024;

/**
 * @typedef {{ changedAt: Map<string, number>, allChangedAt: number }} ProjectPageChanges
 * @returns {ProjectPageChanges}
 */
function projectPageChanges() {
  const registry = /** @type {Record<symbol, ProjectPageChanges | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  return (registry[CHANGES_KEY] ??= { changedAt: new Map(), allChangedAt: 0 });
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
const store = /** @type {Record<symbol, Map<string, Entry> | undefined>} */ ((
  /** @type {unknown} */ (globalThis)
)[Symbol.for("cnc.isrStore")] ??= new Map());
let storedBytes = 0;

/** A project page rendered before its post's latest change. @param {string} key @param {Entry} entry */
function isOutdated(key, entry) {
  const match = PROJECT_PAGE_KEY.exec(key);
  if (!match) return false;
  const changes = projectPageChanges();
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
    if (isOutdated(key, entry)) {
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

  /** No page uses fetch or data-cache tags; on-demand changes go through project-page-changes.ts. */
  async revalidateTag() {}

  resetRequestCache() {}
}
