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
 *
 * And the CSP nonce (ADR 014): proxy.ts makes a fresh nonce per request and passes it to Next with
 * its policy (the `x-nonce` and `Content-Security-Policy` request headers); a page is rendered with
 * the nonce of the request that rendered it. A cached page carries its policy with it, as a header
 * of the cached answer (Next sends those), and a page served from here has its nonce replaced by
 * this request's, in its HTML, RSC payload and policy alike. The policy therefore comes from here,
 * not from the proxy: Next answers requests for a page that arrive while it is being rendered or
 * revalidated with that one result, and the policy must be the one of the HTML they get.
 */

import { randomBytes } from "node:crypto";

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

/** The nonce a page was rendered with: the first nonce attribute in its HTML (Next's scripts). */
const NONCE_ATTRIBUTE = / nonce="([^"]+)"/;

/** @param {unknown} value @returns {string | null} */
function renderedNonce(value) {
  const html = /** @type {{ html?: unknown }} */ (value ?? {}).html;
  if (typeof html !== "string") return null;
  return NONCE_ATTRIBUTE.exec(html)?.[1] ?? null;
}

const POLICY_HEADER = "content-security-policy";

/**
 * @typedef {{ html: string, rscData?: unknown, headers?: Record<string, unknown> }} CachedPage
 * @param {unknown} value @returns {value is CachedPage}
 */
function isPage(value) {
  return typeof (/** @type {{ html?: unknown }} */ (value ?? {}).html) === "string";
}

/**
 * Gives a page being stored the policy its nonce belongs to, as a header of the cached answer: its
 * own (a page stored again) or the rendering request's. In place, because Next sends this very
 * value to the requests waiting for the render. False when no policy matches its nonce.
 * @param {CachedPage} page @param {string} nonce @param {string | null} requestPolicy
 */
function attachPolicy(page, nonce, requestPolicy) {
  const source = `'nonce-${nonce}'`;
  const own = page.headers?.[POLICY_HEADER];
  if (typeof own === "string" && own.includes(source)) return true;
  if (!requestPolicy?.includes(source)) return false;
  page.headers = { ...page.headers, [POLICY_HEADER]: requestPolicy };
  return true;
}

/**
 * The cached page with every copy of the nonce it was rendered with replaced by `nonce`.
 * @param {CachedPage} page @param {string} rendered @param {string} nonce
 */
function withNonce(page, rendered, nonce) {
  const rscData = Buffer.isBuffer(page.rscData) ? replaceBytes(page.rscData, rendered, nonce) : page.rscData;
  const policy = page.headers?.[POLICY_HEADER];
  return {
    ...page,
    html: page.html.replaceAll(rendered, nonce),
    rscData,
    headers: {
      ...page.headers,
      [POLICY_HEADER]: typeof policy === "string" ? policy.replace(rendered, nonce) : policy,
    },
  };
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
  /**
   * Next creates one handler per request, with that request's headers (after proxy.ts's).
   * @param {{ _requestHeaders?: Record<string, string | string[] | undefined> }} [context]
   */
  constructor(context) {
    const headers = context?._requestHeaders ?? {};
    const nonce = headers["x-nonce"];
    const policy = headers[POLICY_HEADER];
    /** The nonce proxy.ts gave this request, and the policy that allows it. */
    this.nonce = typeof nonce === "string" ? nonce : null;
    this.policy = typeof policy === "string" ? policy : null;
  }

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
    const value =
      entry.nonce && this.nonce && entry.nonce !== this.nonce && isPage(entry.value)
        ? withNonce(entry.value, entry.nonce, this.nonce)
        : entry.value;
    return { value, lastModified: entry.lastModified };
  }

  /** @param {string} key @param {unknown} value */
  async set(key, value) {
    remove(key);
    if (value === null || value === undefined) return;
    const rendered = renderedNonce(value);
    let stored = value;
    let nonce = null;
    if (rendered && isPage(value)) {
      // A page whose policy is unknown is not kept: served from here, it would have none.
      if (!attachPolicy(value, rendered, this.policy)) return;
      // Kept with a nonce no answer ever carries: the rendering request's is known to its client,
      // and markup carrying it must not be given the next request's nonce.
      nonce = randomBytes(16).toString("base64");
      stored = withNonce(value, rendered, nonce);
    }
    const entry = {
      value: stored,
      lastModified: Date.now(),
      size: sizeOf(stored) + key.length,
      nonce,
    };
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
