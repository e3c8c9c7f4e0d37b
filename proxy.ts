import { type NextRequest, NextResponse } from "next/server";
import { verifyAccessTokenSignature } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";

/**
 * Route guards that only redirect (STYLE.md habit 7), kept cheap: the access token's signature
 * and expiry are checked, never the database. Pages (lib/auth/guards.ts) and services check again.
 *
 * - /project/create and /project/edit/*: visitors without any session go to /.
 * - A signed-in user whose sign-up is incomplete (a new Google account) goes to /signup.
 * - A signed-in user whose sign-up is complete goes from /signup to /.
 */
const WIZARD = /^\/project\/(create|edit)(\/|$)/;
const SIGNUP_ALLOWED = /^\/(signup|privacyPolicy|resetPassword)(\/|$)/;

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  const access = request.cookies.get(ACCESS_TOKEN_COOKIE)?.value;
  const hasSession = access !== undefined || request.cookies.has(REFRESH_TOKEN_COOKIE);
  if (WIZARD.test(pathname) && !hasSession) return NextResponse.redirect(new URL("/", request.url));

  const claims = access ? await verifyAccessTokenSignature(access) : null;
  if (claims) {
    const signupComplete = claims.signupComplete !== false;
    if (!signupComplete && !SIGNUP_ALLOWED.test(pathname)) {
      return NextResponse.redirect(new URL("/signup", request.url));
    }
    if (signupComplete && pathname === "/signup") return NextResponse.redirect(new URL("/", request.url));
  }
  return NextResponse.next();
}

export const config = {
  // Pages only: not the API, the file routes, Next's assets or files with an extension.
  matcher: ["/((?!api/|files/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
