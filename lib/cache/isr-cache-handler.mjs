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
 *
 * And the CSP nonce (ADR 014): a page is rendered with the nonce of the request that rendered it,
 * and every request gets a fresh one from proxy.ts (its policy, and the `x-nonce` request header
 * Next renders with). So a page served from here has the nonce it was rendered with replaced by
 * this request's, in its HTML and RSC payload, and the nonce of one answer never opens another.
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

/** The nonce a page was rendered with: the first nonce attribute in its HTML (Next's scripts). */
const NONCE_ATTRIBUTE = / nonce="([^"]+)"/;

/** @param {unknown} value @returns {string | null} */
function renderedNonce(value) {
  const html = /** @type {{ html?: unknown }} */ (value ?? {}).html;
  if (typeof html !== "string") return null;
  return NONCE_ATTRIBUTE.exec(html)?.[1] ?? null;
}

/**
 * The cached value with every copy of the nonce it was rendered with replaced by `nonce`.
 * @param {unknown} value @param {string} rendered @param {string} nonce
 */
function withNonce(value, rendered, nonce) {
  const page = /** @type {{ html: string, rscData?: unknown }} */ (value);
  const rscData = Buffer.isBuffer(page.rscData) ? replaceBytes(page.rscData, rendered, nonce) : page.rscData;
  return { ...page, html: page.html.replaceAll(rendered, nonce), rscData };
}

/**
 * A copy of `bytes` with every `from` replaced by `to`, byte for byte (the RSC payload may hold
 * binary rows, so it is never decoded); `bytes` itself when `from` does not occur.
 * @param {Buffer} bytes @param {string} from @param {string} to
 */
function replaceBytes(bytes, from, to) {
  const pieces = [];
  let start = 0;
  for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, start)) {
    pieces.push(bytes.subarray(start, at), Buffer.from(to));
    start = at + Buffer.byteLength(from);
  }
  if (pieces.length === 0) return bytes;
  pieces.push(bytes.subarray(start));
  return Buffer.concat(pieces);
}

/**
 * @typedef {{ value: unknown, lastModified: number, size: number, nonce: string | null }} Entry
 * One store per process: Next creates a handler per request.
 * @type {Map<string, Entry>}
 */
const store = /** @type {Record<symbol, Map<string, Entry> | undefined>} */ (
  /** @type {unknown} */ (globalThis)[Symbol.for("cnc.isrStore")] ??= new Map()
);
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
  /**
   * Next creates one handler per request, with that request's headers (after proxy.ts's).
   * @param {{ _requestHeaders?: Record<string, string | string[] | undefined> }} [context]
   */
  constructor(context) {
    const nonce = context?._requestHeaders?.["x-nonce"];
    /** The nonce proxy.ts gave this request, which its policy allows. */
    this.nonce = typeof nonce === "string" ? nonce : null;
  }

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
    const value =
      entry.nonce && this.nonce && entry.nonce !== this.nonce
        ? withNonce(entry.value, entry.nonce, this.nonce)
        : entry.value;
    return { value, lastModified: entry.lastModified };
  }

  /** @param {string} key @param {unknown} value */
  async set(key, value) {
    remove(key);
    if (value === null || value === undefined) return;
    const entry = {
      value,
      lastModified: Date.now(),
      size: sizeOf(value) + key.length,
      nonce: renderedNonce(value),
    };
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
