import "server-only";
import { decodeIdToken, generateCodeVerifier, generateState, Google } from "arctic";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server.";
export const GOOGLE_STATE_COOKIE = "google_oauth_state";
export const GOOGLE_VERIFIER_COOKIE = "google_code_verifier";
export const GOOGLE_COOKIE_PATH = "/api/v1/auth/google";
export const GOOGLE_COOKIE_TTL_SECONDS = 10 * 60;
export const GOOGLE_CALLBACK_PATH = "/api/v1/auth/google/callback";

export function isGoogleConfigured(): boolean {
  const config = env();
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

function client(): Google {
  const config = env();
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
    throw new AppError("UNAVAILABLE", GOOGLE_NOT_CONFIGURED);
  }
  const redirect = new URL(GOOGLE_CALLBACK_PATH, config.PUBLIC_BASE_URL).toString();
  return new Google(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, redirect);
}

/** The authorization URL with a fresh state and PKCE verifier (kept by the caller in cookies). */
export function createGoogleAuthorization(): { url: string; state: string; codeVerifier: string } {
  const google = client();
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = google.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]);
  url.searchParams.set("prompt", "select_account");
  return { url: url.toString(), state, codeVerifier };
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
}

/**
 * Exchanges the code (with the PKCE verifier) at Google's token endpoint. The ID token comes
 * straight from Google over TLS in that answer, so its claims are read without a second
 * signature check (OpenID Connect Core 3.1.3.7).
 */
export async function exchangeGoogleCode(code: string, codeVerifier: string): Promise<GoogleIdentity> {
  const tokens = await client().validateAuthorizationCode(code, codeVerifier);
  const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (!text(claims.sub) || !text(claims.email)) throw new Error("Google ID token without sub or email");
  return {
    subject: text(claims.sub),
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    picture: text(claims.picture) || null,
  };
}
