import { type NextRequest, NextResponse } from "next/server";
import {
  GUEST_HOME_PREFIX,
  GUEST_MODEL_PREFIX,
  GUEST_PAGE_HEADER,
  PROJECT_PAGE_PATH,
} from "@/app/(guest)/guest-paths";
import { verifyAccessTokenSignature } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { commonSecurityHeaders, createNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * Route guards that only redirect (STYLE.md habit 7), kept cheap: the access token's signature
 * and expiry are checked, never the database. Pages (lib/auth/guards.ts) and services check again.
 *
 * - /project/create and /project/edit/*: visitors without any session go to /.
 * - A signed-in user whose sign-up is incomplete (a new Google account) goes to /signup.
 * - A signed-in user whose sign-up is complete goes from /signup to /.
 *
 * And the cached guest pages (ADR 007, ADR 017): a GET or HEAD of `/` or of `/model/{id}` without
 * a query string, from a visitor with no session cookie at all, is marked with GUEST_PAGE_HEADER,
 * and next.config.ts rewrites marked requests to the cached page. Anyone holding a session cookie,
 * and every URL with a query, gets the per-request page. Direct visits to a guest page's own
 * address go to its public one.
 *
 * And the security headers of every page (issue 19, ADR 014): a fresh nonce per request (the cached
 * guest page: one per process), passed
 * to Next in the request's `Content-Security-Policy` and `x-nonce` headers (Next puts it on its
 * scripts) and sent in the answer's policy, with nosniff, Referrer-Policy, X-Frame-Options and HSTS.
 */
const WIZARD = /^\/project\/(create|edit)(\/|$)/;
const SIGNUP_ALLOWED = /^\/(signup|privacyPolicy|resetPassword)(\/|$)/;
/** Never stored by a shared cache: the same URL answers signed-in visitors differently. */
const NOT_SHARED = "private, no-cache, no-store, max-age=0, must-revalidate";

/**
 * The cached guest pages' nonce: one per server process, because a page is rendered once into
 * the ISR cache and served to every guest, nonce attributes included; a fresh nonce per request
 * would not match that HTML (ADR 014). Every other page gets a fresh nonce per request.
 */
const GUEST_PAGE_NONCE = createNonce();

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = isGuestPage(request) ? GUEST_PAGE_NONCE : createNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const response = await route(request, nonce, policy);
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders())) response.headers.set(name, value);
  return response;
}

function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.has(ACCESS_TOKEN_COOKIE) || request.cookies.has(REFRESH_TOKEN_COOKIE);
}

/** A GET or HEAD of `/` or a project page, no query, no session cookie at all: a cached guest page. */
function isGuestPage(request: NextRequest): boolean {
  // nextUrl.search omits Next's own `_rsc` parameter, so client navigations count as unfiltered.
  const { pathname, search } = request.nextUrl;
  return (
    (pathname === "/" || PROJECT_PAGE_PATH.test(pathname)) &&
    search === "" &&
    !hasSessionCookie(request) &&
    isRead(request.method)
  );
}

async function route(request: NextRequest, nonce: string, policy: string): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  const access = request.cookies.get(ACCESS_TOKEN_COOKIE)?.value;
  if (pathname.startsWith(GUEST_HOME_PREFIX)) return NextResponse.redirect(new URL("/", request.url));
  if (pathname.startsWith(GUEST_MODEL_PREFIX)) {
    const publicPath = `/model/${pathname.slice(GUEST_MODEL_PREFIX.length)}`;
    return NextResponse.redirect(new URL(publicPath, request.url));
  }
  if (isGuestPage(request)) return forward(request, nonce, policy, { guest: true });
  if (WIZARD.test(pathname) && !hasSessionCookie(request))
    return NextResponse.redirect(new URL("/", request.url));

  const claims = access ? await verifyAccessTokenSignature(access) : null;
  if (claims) {
    const signupComplete = claims.signupComplete !== false;
    if (!signupComplete && !SIGNUP_ALLOWED.test(pathname)) {
      return NextResponse.redirect(new URL("/signup", request.url));
    }
    if (signupComplete && pathname === "/signup") return NextResponse.redirect(new URL("/", request.url));
  }
  return forward(request, nonce, policy, { guest: false });
}

/**
 * On to the page, with the nonce for Next's renderer. Only this proxy marks requests for the guest
 * page: a client's own mark (or nonce) would bypass the checks above, so both are replaced.
 */
function forward(
  request: NextRequest,
  nonce: string,
  policy: string,
  options: { guest: boolean },
): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete(GUEST_PAGE_HEADER);
  if (options.guest) headers.set(GUEST_PAGE_HEADER, "1");
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  return NextResponse.next({
    request: { headers },
    ...(options.guest ? { headers: { "Cache-Control": NOT_SHARED } } : {}),
  });
}

function isRead(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

export const config = {
  // Pages only: not the API, the file routes, Next's assets or files with an extension.
  matcher: ["/((?!api/|files/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
