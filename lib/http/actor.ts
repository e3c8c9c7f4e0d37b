import "server-only";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { readRequestCookie } from "@/lib/auth/session-cookies";
import { AppError } from "@/lib/errors";
import { type Actor, actorForAccessToken } from "@/lib/auth/actor";
import type { AuthMode } from "@/lib/validation/endpoint";

// A malformed cookie (`access_token=%E0%A4%A`) reads as no cookie, never a URIError.
const readCookie = readRequestCookie;

/**
 * The request's user. Status rules of DESIGN.md: no session at all is 401; an access token that
 * is missing or expired while a refresh token exists is 403, which the browser client answers
 * with one refresh and one retry.
 */
export async function resolveActor(request: Request, mode: AuthMode): Promise<Actor | null> {
  const actor = await actorForAccessToken(readCookie(request, ACCESS_TOKEN_COOKIE) ?? undefined);
  if (actor || mode === "none" || mode === "optional") {
    if (mode === "verified" && actor && !actor.isVerified) {
      throw new AppError("FORBIDDEN", "Please verify your e-mail address first.");
    }
    return mode === "none" ? null : actor;
  }
  if (readCookie(request, REFRESH_TOKEN_COOKIE)) {
    throw new AppError("FORBIDDEN", "Your session has expired. Please refresh it.");
  }
  throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
}
