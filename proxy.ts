import { type NextRequest, NextResponse } from "next/server";
import {
  GUEST_HOME_PREFIX,
  GUEST_MODEL_PREFIX,
  GUEST_PAGE_HEADER,
  projectPagePostId,
  servedFromSharedCopy,
} from "@/lib/guest-pages/paths";
import { verifyAccessTokenSignature } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from "@/lib/auth/cookies";
import { MEMBER_HINT_COOKIE } from "@/lib/utils/before-paint";
import { NOT_SHARED, SHARED_CACHE_CONTROL } from "@/lib/http/cache-control";
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
 * And the security headers of every page (ADR 014): a fresh nonce per request, passed
 * to Next in the request's `Content-Security-Policy` and `x-nonce` headers (Next puts it on its
 * scripts) and sent in the answer's policy (a cached page's comes with the page), with nosniff,
 * Referrer-Policy, X-Frame-Options and HSTS.
 */
const WIZARD = /^\/project\/(create|edit)(\/|$)/;
/** `/model/{x}`: a project page when x is a post id, the review preview when x is `preview`. */
const MODEL_PAGE = /^\/model\/([^/]+)$/;
const SIGNUP_ALLOWED = /^\/(signup|privacyPolicy|resetPassword)(\/|$)/;

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const cached = isCachedPage(request);
  const nonce = createNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const response = await route(request, { nonce, policy, cached });
  // A cached page's policy comes with it (lib/cache/isr-cache-handler.mjs writes this request's
  // nonce into the cached HTML and policy; requests that wait for one render share its answer),
  // and the server process's replay writes a fresh one into what it replays (ADR 014).
  if (!cached || isRedirect(response)) response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(commonSecurityHeaders())) response.headers.set(name, value);
  keepMemberHint(request, response);
  return response;
}

function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.has(ACCESS_TOKEN_COOKIE) || request.cookies.has(REFRESH_TOKEN_COOKIE);
}

/**
 * The one rule of lib/guest-pages/paths.ts. Next strips its own RSC headers before the proxy, so a
 * page load is told by what it accepts; nextUrl.search omits Next's own `_rsc` parameter.
 */
function isCachedPage(request: NextRequest): boolean {
  const { pathname, search } = request.nextUrl;
  return servedFromSharedCopy({
    method: request.method,
    pathname,
    search,
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
    if (cached) return forward(request, nonce, policy, { guest: true, shared: isProjectPage(pathname) });
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
  return forward(request, nonce, policy, { guest: cached, shared: false });
}

/**
 * On to the page, with the nonce for Next's renderer. Only this proxy marks requests for the guest
 * page: a client's own mark (or nonce) would bypass the checks above, so both are replaced.
 */
function forward(
  request: NextRequest,
  nonce: string,
  policy: string,
  options: { guest: boolean; shared: boolean },
): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete(GUEST_PAGE_HEADER);
  if (options.guest) headers.set(GUEST_PAGE_HEADER, "1");
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  return NextResponse.next({
    request: { headers },
    // A visitor's project page may be kept by a CDN for a moment: it is the same page for every
    // reader (members get it too, ADR 019), so it is safe even where Next's own Vary replaces ours.
    // The guest home page is not: members get another page at the same address.
    ...(options.guest
      ? {
          headers: options.shared
            ? { "Cache-Control": SHARED_CACHE_CONTROL, Vary: "Cookie" }
            : { "Cache-Control": NOT_SHARED },
        }
      : {}),
  });
}

function isProjectPage(pathname: string): boolean {
  return projectPagePostId(pathname) !== null;
}

function isMalformedProjectPath(pathname: string): boolean {
  const id = MODEL_PAGE.exec(pathname)?.[1];
  return id !== undefined && id !== "preview" && !idSchema.safeParse(id).success;
}

function isRedirect(response: NextResponse): boolean {
  return response.headers.has("location");
}

export const config = {
  // Pages only: not the API, the file routes, Next's assets or files with an extension; but every
  // `/model/{x}`, so one ending like a file name (`/model/x.png`) gets its 404 here too instead of
  // the project page's loading screen answering 200.
  matcher: ["/((?!api/|files/|_next/|.*\\.[A-Za-z0-9]+$).*)", "/model/:id"],
};
