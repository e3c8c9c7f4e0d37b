// GET /api/v1/auth/google/callback: Google's redirect target; signs in and redirects to / or /signup
import {
  exchangeGoogleCode,
  GOOGLE_COOKIE_PATH,
  GOOGLE_STATE_COOKIE,
  GOOGLE_VERIFIER_COOKIE,
} from "@/lib/auth/google";
import { sessionMeta } from "@/lib/http/session-responses";
import { readRequestCookie, serializeCookie, sessionCookieHeaders } from "@/lib/auth/session-cookies";
import { startSession } from "@/lib/auth/sessions";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { signInWithGoogle } from "@/lib/services/auth/google-sign-in";
import { googleCallbackEndpoint } from "@/lib/validation/auth";
import { authErrorCodeFor, type AuthErrorCode } from "@/lib/validation/auth-errors";

function redirectTo(path: string, headers = new Headers()): Response {
  headers.set("Location", new URL(path, env().PUBLIC_BASE_URL).toString());
  headers.set("Cache-Control", "no-store");
  // The state and verifier are single use.
  for (const name of [GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE]) {
    headers.append(
      "Set-Cookie",
      serializeCookie(name, "", 0).replace("Path=/", `Path=${GOOGLE_COOKIE_PATH}`),
    );
  }
  return new Response(null, { status: 302, headers });
}

/** Only a code travels in the address; the home page shows its fixed text (lib/validation/auth-errors.ts). */
const failed = (code: AuthErrorCode) => redirectTo(`/?authError=${code}`);

export const GET = route(googleCallbackEndpoint, async ({ request, query }) => {
  const state = readRequestCookie(request, GOOGLE_STATE_COOKIE);
  const verifier = readRequestCookie(request, GOOGLE_VERIFIER_COOKIE);
  if (query.error) return failed("google_cancelled");
  if (!query.code || !query.state || !state || !verifier || state !== query.state) {
    return failed("google_failed");
  }
  try {
    const identity = await exchangeGoogleCode(query.code, verifier);
    const { userId, isUserSignupComplete } = await signInWithGoogle(identity);
    const tokens = await startSession(userId, sessionMeta(request));
    return redirectTo(isUserSignupComplete ? "/" : "/signup", sessionCookieHeaders(tokens));
  } catch (error) {
    if (isAppError(error)) return failed(authErrorCodeFor(error.message));
    console.error("[auth] Google sign-in failed:", error);
    return failed("google_failed");
  }
});

export * from "@/lib/http/method-not-allowed";
