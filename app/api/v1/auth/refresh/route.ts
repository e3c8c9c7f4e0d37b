// POST /api/v1/auth/refresh: rotates the refresh token; reuse of a rotated one revokes the family
import { REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { sessionMeta, successWithSession } from "@/lib/http/session-responses";
import { clearedSessionCookieHeaders, readRequestCookie } from "@/lib/auth/session-cookies";
import { rotateRefreshToken } from "@/lib/auth/sessions";
import { failure } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { refreshEndpoint } from "@/lib/validation/auth";

const SESSION_ENDED = "Your session has ended. Please log in again.";

export const POST = route(refreshEndpoint, async ({ request }) => {
  const token = readRequestCookie(request, REFRESH_TOKEN_COOKIE);
  const outcome = token ? await rotateRefreshToken(token, sessionMeta(request)) : null;
  if (!outcome?.ok) return failure(401, SESSION_ENDED, undefined, clearedSessionCookieHeaders());
  return successWithSession({}, outcome.tokens);
});

export * from "@/lib/http/method-not-allowed";
