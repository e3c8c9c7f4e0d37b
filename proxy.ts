import { type NextRequest, NextResponse } from "next/server";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";

/**
 * Route guards that only redirect (STYLE.md habit 7): pages and services check again, since a
 * cookie's presence proves nothing. Visitors without any session cannot reach the project wizard.
 */
export function proxy(request: NextRequest): NextResponse {
  const hasSession = request.cookies.has(ACCESS_TOKEN_COOKIE) || request.cookies.has(REFRESH_TOKEN_COOKIE);
  if (!hasSession) return NextResponse.redirect(new URL("/", request.url));
  return NextResponse.next();
}

export const config = {
  matcher: ["/project/create", "/project/edit/:path*"],
};
