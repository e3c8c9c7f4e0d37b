import { type NextRequest, NextResponse } from "next/server";
import { GUEST_HOME_HEADER, GUEST_HOME_PREFIX } from "@/app/(guest)/guest-home/guest-home-path";
import { verifyAccessTokenSignature } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";

/**
 * Route guards that only redirect (STYLE.md habit 7), kept cheap: the access token's signature
 * and expiry are checked, never the database. Pages (lib/auth/guards.ts) and services check again.
 *
 * - /project/create and /project/edit/*: visitors without any session go to /.
 * - A signed-in user whose sign-up is incomplete (a new Google account) goes to /signup.
 * - A signed-in user whose sign-up is complete goes from /signup to /.
 *
 * And the cached guest home page (ADR 007): a GET or HEAD of `/` without a query string, from a
 * visitor with no session cookie at all, is marked with GUEST_HOME_HEADER, and next.config.ts
 * rewrites marked requests to that page. Anyone holding a session cookie, and every filtered URL,
 * gets the per-request page. Direct visits to the guest page's address go to /.
 */
const WIZARD = /^\/project\/(create|edit)(\/|$)/;
const SIGNUP_ALLOWED = /^\/(signup|privacyPolicy|resetPassword)(\/|$)/;
/** Never stored by a shared cache: the same URL answers signed-in visitors differently. */
const NOT_SHARED = "private, no-cache, no-store, max-age=0, must-revalidate";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  // nextUrl.search omits Next's own `_rsc` parameter, so client navigations to `/` count as unfiltered.
  const { pathname, search } = request.nextUrl;
  const access = request.cookies.get(ACCESS_TOKEN_COOKIE)?.value;
  const hasSession = access !== undefined || request.cookies.has(REFRESH_TOKEN_COOKIE);
  if (pathname.startsWith(GUEST_HOME_PREFIX)) return NextResponse.redirect(new URL("/", request.url));
  if (pathname === "/" && search === "" && !hasSession && isRead(request.method)) return guestHome(request);
  if (WIZARD.test(pathname) && !hasSession) return NextResponse.redirect(new URL("/", request.url));

  const claims = access ? await verifyAccessTokenSignature(access) : null;
  if (claims) {
    const signupComplete = claims.signupComplete !== false;
    if (!signupComplete && !SIGNUP_ALLOWED.test(pathname)) {
      return NextResponse.redirect(new URL("/signup", request.url));
    }
    if (signupComplete && pathname === "/signup") return NextResponse.redirect(new URL("/", request.url));
  }
  // Only this proxy marks requests for the guest page: a client's own mark would bypass the checks above.
  return request.headers.has(GUEST_HOME_HEADER) ? withoutGuestMark(request) : NextResponse.next();
}

function guestHome(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(GUEST_HOME_HEADER, "1");
  return NextResponse.next({ request: { headers }, headers: { "Cache-Control": NOT_SHARED } });
}

function withoutGuestMark(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete(GUEST_HOME_HEADER);
  return NextResponse.next({ request: { headers } });
}

function isRead(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

export const config = {
  // Pages only: not the API, the file routes, Next's assets or files with an extension.
  matcher: ["/((?!api/|files/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
