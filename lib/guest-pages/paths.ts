/**
 * The cached guest pages (ADR 007: the home page; ADR 017: project pages): which requests the
 * shared copy serves. proxy.ts decides with `servedFromSharedCopy` and marks those requests with
 * GUEST_PAGE_HEADER; next.config.ts rewrites marked requests for `/` to GUEST_HOME_PATH and for
 * `/model/{id}` to `/guest-model/{id}`; the server process replays only what the same rule chose
 * (./replay.ts, ADR 022). Not public addresses: the proxy sends direct visits under either prefix
 * to the public one. Pure: imported by the proxy, next.config.ts, the server process and the
 * browser (a project page's address).
 */
export const GUEST_HOME_PREFIX = "/guest-home/";
export const GUEST_HOME_VARIANT = "top";
export const GUEST_HOME_PATH = `${GUEST_HOME_PREFIX}${GUEST_HOME_VARIANT}`;
export const GUEST_MODEL_PREFIX = "/guest-model/";
export const GUEST_PAGE_HEADER = "x-cnc-guest-page";
/** A project page address the guest cache serves: `/model/` and a post id (any other is per request). */
export const PROJECT_PAGE_PATH = /^\/model\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export interface PageRequest {
  method: string;
  pathname: string;
  /** The query string with its `?`, or "" (Next's own `_rsc` parameter left out). */
  search: string;
  /** Whether an access or refresh token cookie is held. */
  hasSession: boolean;
  /** Whether the request accepts HTML: a page load, not the client router's fetch. */
  acceptsHtml: boolean;
}

/**
 * Whether a request is served from the shared copy (ADR 007, 017, 019): a GET or HEAD without a
 * query string of `/` or a project page for a visitor without a session cookie, or of a project
 * page for a member when it is a page load (a browser loading a page asks for HTML; the router's
 * fetch accepts anything, and keeps the per-request page whose chrome already names the member).
 */
export function servedFromSharedCopy({
  method,
  pathname,
  search,
  hasSession,
  acceptsHtml,
}: PageRequest): boolean {
  if (search !== "" || (method !== "GET" && method !== "HEAD")) return false;
  if (!hasSession) return pathname === "/" || PROJECT_PAGE_PATH.test(pathname);
  return acceptsHtml && PROJECT_PAGE_PATH.test(pathname);
}

/** The post of a project page address, or null. */
export function projectPagePostId(pathname: string): string | null {
  return PROJECT_PAGE_PATH.exec(pathname)?.[1] ?? null;
}
