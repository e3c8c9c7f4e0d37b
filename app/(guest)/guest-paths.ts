/**
 * The cached guest pages (ADR 007: the home page; ADR 017: project pages). proxy.ts decides which
 * requests they serve and marks them with GUEST_PAGE_HEADER; next.config.ts rewrites marked
 * requests for `/` to GUEST_HOME_PATH and for `/model/{id}` to `/guest-model/{id}`. Not public
 * addresses: the proxy sends direct visits under either prefix to the public one.
 */
export const GUEST_HOME_PREFIX = "/guest-home/";
export const GUEST_HOME_VARIANT = "top";
export const GUEST_HOME_PATH = `${GUEST_HOME_PREFIX}${GUEST_HOME_VARIANT}`;
export const GUEST_MODEL_PREFIX = "/guest-model/";
export const GUEST_PAGE_HEADER = "x-cnc-guest-page";
/** A project page address the guest cache serves: `/model/` and a post id (any other is per request). */
export const PROJECT_PAGE_PATH = /^\/model\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Whether a GET or HEAD without a query string gets a cached page (ADR 007, 017, 019): `/` and
 * project pages for a visitor without a session cookie; project pages for a member when it is a
 * page load (it accepts HTML; the client router's fetch accepts anything). proxy.ts decides with
 * it, and the server process replays only what it decided (ADR 022).
 */
export function getsCachedPage(
  pathname: string,
  { hasSession, acceptsHtml }: { hasSession: boolean; acceptsHtml: boolean },
): boolean {
  if (!hasSession) return pathname === "/" || PROJECT_PAGE_PATH.test(pathname);
  return acceptsHtml && PROJECT_PAGE_PATH.test(pathname);
}
