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

const failed = (message: string) => redirectTo(`/?authError=${encodeURIComponent(message)}`);

export const GET = route(googleCallbackEndpoint, async ({ request, query }) => {
  const state = readRequestCookie(request, GOOGLE_STATE_COOKIE);
  const verifier = readRequestCookie(request, GOOGLE_VERIFIER_COOKIE);
  if (query.error) return failed("Google sign-in was cancelled.");
  if (!query.code || !query.state || !state || !verifier || state !== query.state) {
    return failed("Google sign-in failed. Please try again.");
  }
  try {
    const identity = await exchangeGoogleCode(query.code, verifier);
    const { userId, isUserSignupComplete } = await signInWithGoogle(identity);
    const tokens = await startSession(userId, sessionMeta(request));
    return redirectTo(isUserSignupComplete ? "/" : "/signup", sessionCookieHeaders(tokens));
  } catch (error) {
    if (isAppError(error)) return failed(error.message);
    console.error("[auth] Google sign-in failed:", error);
    return failed("Google sign-in failed. Please try again.");
  }
});
