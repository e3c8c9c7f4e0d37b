// GET /api/v1/auth/generateGoogleSignInLink: { url } with state + PKCE kept in short-lived cookies
import {
  createGoogleAuthorization,
  GOOGLE_COOKIE_PATH,
  GOOGLE_COOKIE_TTL_SECONDS,
  GOOGLE_STATE_COOKIE,
  GOOGLE_VERIFIER_COOKIE,
} from "@/lib/auth/google";
import { serializeCookie } from "@/lib/auth/session-cookies";
import { success } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { generateGoogleSignInLinkEndpoint } from "@/lib/validation/auth";

export const GET = route(generateGoogleSignInLinkEndpoint, async () => {
  const { url, state, codeVerifier } = createGoogleAuthorization();
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const [name, value] of [
    [GOOGLE_STATE_COOKIE, state],
    [GOOGLE_VERIFIER_COOKIE, codeVerifier],
  ] as const) {
    headers.append(
      "Set-Cookie",
      serializeCookie(name, value, GOOGLE_COOKIE_TTL_SECONDS).replace("Path=/", `Path=${GOOGLE_COOKIE_PATH}`),
    );
  }
  return success({ url }, { headers });
});

export * from "@/lib/http/method-not-allowed";
