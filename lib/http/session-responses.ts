import "server-only";
import { success } from "./envelope";
import { verifyAccessTokenSignature } from "@/lib/auth/access-token";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { type SessionMeta, familyOfRefreshToken, startSession } from "@/lib/auth/sessions";
import {
  clearedSessionCookieHeaders,
  clientIp,
  readRequestCookie,
  sessionCookieHeaders,
  type SessionTokens,
} from "@/lib/auth/session-cookies";

export function sessionMeta(request: Request): SessionMeta {
  return { userAgent: request.headers.get("user-agent"), ipAddress: clientIp(request) };
}

/** A success envelope that also sets the session cookies. */
export function successWithSession<T>(data: T, tokens: SessionTokens, status = 200): Response {
  return success(data, { status, headers: sessionCookieHeaders(tokens) });
}

export function successClearingSession<T>(data: T): Response {
  return success(data, { headers: clearedSessionCookieHeaders() });
}

/** Starts a new session family for the user and answers with its cookies. */
export async function answerWithNewSession<T>(request: Request, userId: string, data: T, status = 200) {
  return successWithSession(data, await startSession(userId, sessionMeta(request)), status);
}

/**
 * The session family of the request: from the access token (even a revoked one: only the
 * signature matters here) or else from the refresh token.
 */
export async function requestFamilyId(request: Request): Promise<string | null> {
  const access = readRequestCookie(request, ACCESS_TOKEN_COOKIE);
  const claims = access ? await verifyAccessTokenSignature(access) : null;
  if (claims) return claims.sessionFamilyId;
  const refresh = readRequestCookie(request, REFRESH_TOKEN_COOKIE);
  return refresh ? familyOfRefreshToken(refresh) : null;
}
