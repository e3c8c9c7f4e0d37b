import { type NextRequest, NextResponse } from "next/server";
import {
  GUEST_HOME_PREFIX,
  GUEST_MODEL_PREFIX,
  GUEST_PAGE_HEADER,
  getsCachedPage,
} from "@/app/(guest)/guest-paths";
import { verifyAccessTokenSignature } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from "@/lib/auth/cookies";
import { MEMBER_HINT_COOKIE } from "@/lib/utils/before-paint";
import { notFoundPage } from "@/lib/http/not-found-page";
import { commonSecurityHeaders, createNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";
import { idSchema } from "@/lib/validation/common";

/**
 * Route guards that only redirect (STYLE.md habit 7), kept cheap: the access token's signature
 * and expiry are checked, never the database. Pages (lib/auth/guards.ts) and services check again.
 *
 * - /project/create and /project/edit/*: visitors without any session go to /.
 * - A signed-in user whose sign-up is incomplete (a new Google account) goes to /signup.
 * - A signed-in user whose sign-up is complete goes from /signup to /.
 *
 * And the cached pages (ADR 007, 017, 019): a GET or HEAD without a query string of `/` from a
 * visitor with no session cookie at all, or of `/model/{id}` by anyone but a member's client-side
 * navigation, is marked with GUEST_PAGE_HEADER, and next.config.ts rewrites marked requests to the
 * cached page. Every other page, and every URL with a query, is rendered per request. Direct
 * visits to a cached page's own address go to its public one.
 *
 * And the security headers of every page (issue 19, ADR 014): a fresh nonce per request (the cached
 * guest page: one per process), passed
 * to Next in the request's `Content-Security-Policy` and `x-nonce` headers (Next puts it on its
 * scripts) and sent in the answer's policy, with nosniff, Referrer-Policy, X-Frame-Options and HSTS.
 */
const WIZARD = /^\/project\/(create|edit)(\/|$)/;
/** `/model/{x}`: a project page when x is a post id, the review preview when x is `preview`. */
const MODEL_PAGE = /^\/model\/([^/]+)$/;
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
  const cached = isCachedPage(request);
  const nonce = cached ? GUEST_PAGE_NONCE : createNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const response = await route(request, { nonce, policy, cached });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders())) response.headers.set(name, value);
  keepMemberHint(request, response);
  return response;
}

function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.has(ACCESS_TOKEN_COOKIE) || request.cookies.has(REFRESH_TOKEN_COOKIE);
}

/**
 * A GET or HEAD, no query, of `/` without any session cookie, or of a project page: a cached page.
 * Members get the cached project page too when they load it (ADR 019), but not on a client-side
 * navigation: the chrome of the page they come from already names them, and the per-request page
 * keeps it so (and shows 'Just a moment!' while it loads). Next strips its own RSC headers before
 * the proxy, so a page load is told by what it accepts: a browser loading a page asks for HTML,
 * the router's fetch accepts anything.
 */
function isCachedPage(request: NextRequest): boolean {
  // nextUrl.search omits Next's own `_rsc` parameter, so client navigations count as unfiltered.
  const { pathname, search } = request.nextUrl;
  if (search !== "" || !isRead(request.method)) return false;
  return getsCachedPage(pathname, {
    hasSession: hasSessionCookie(request),
    acceptsHtml: (request.headers.get("accept") ?? "").includes("text/html"),
  });
}

/**
 * The member hint (lib/utils/before-paint.ts) follows the session cookies: set while a session cookie is
 * held, removed once none is. Not a credential, so readable by scripts; only the before-paint
 * script and the session provider read it, and the worst a forged one does is ask /auth/me.
 */
function keepMemberHint(request: NextRequest, response: NextResponse): void {
  const hasHint = request.cookies.get(MEMBER_HINT_COOKIE)?.value === "1";
  if (hasSessionCookie(request) === hasHint) return;
  if (hasHint) {
    response.cookies.delete(MEMBER_HINT_COOKIE);
    return;
  }
  response.cookies.set(MEMBER_HINT_COOKIE, "1", {
    path: "/",
    sameSite: "lax",
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
    secure: request.nextUrl.protocol === "https:",
  });
}

async function route(
  request: NextRequest,
  { nonce, policy, cached }: { nonce: string; policy: string; cached: boolean },
): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  // An id that cannot be a post's is a 404 now: the project page's loading screen would answer 200.
  if (isMalformedProjectPath(pathname)) {
    const page = notFoundPage(request.method);
    return new NextResponse(page.body, { status: page.status, headers: page.headers });
  }
  const access = request.cookies.get(ACCESS_TOKEN_COOKIE)?.value;
  if (pathname.startsWith(GUEST_HOME_PREFIX)) return NextResponse.redirect(new URL("/", request.url));
  if (pathname.startsWith(GUEST_MODEL_PREFIX)) {
    const publicPath = `/model/${pathname.slice(GUEST_MODEL_PREFIX.length)}`;
    return NextResponse.redirect(new URL(publicPath, request.url));
  }
  if (!hasSessionCookie(request)) {
    if (cached) return forward(request, nonce, policy, { guest: true });
    if (WIZARD.test(pathname)) return NextResponse.redirect(new URL("/", request.url));
  }

  const claims = access ? await verifyAccessTokenSignature(access) : null;
  if (claims) {
    const signupComplete = claims.signupComplete !== false;
    if (!signupComplete && !SIGNUP_ALLOWED.test(pathname)) {
      return NextResponse.redirect(new URL("/signup", request.url));
    }
    if (signupComplete && pathname === "/signup") return NextResponse.redirect(new URL("/", request.url));
  }
  return forward(request, nonce, policy, { guest: cached });
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

function isMalformedProjectPath(pathname: string): boolean {
  const id = MODEL_PAGE.exec(pathname)?.[1];
  return id !== undefined && id !== "preview" && !idSchema.safeParse(id).success;
}

function isRead(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

export const config = {
  // Pages only: not the API, the file routes, Next's assets or files with an extension.
  matcher: ["/((?!api/|files/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
