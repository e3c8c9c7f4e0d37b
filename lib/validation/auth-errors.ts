/**
 * The failed sign-in reasons the Google callback may report to the home page as
 * `/?authError=<code>`: the page shows the fixed text of a known code and nothing for
 * anything else, so a crafted link cannot put its own words into a site-styled toast.
 */
export const AUTH_ERROR_MESSAGES = {
  google_cancelled: "Google sign-in was cancelled.",
  google_failed: "Google sign-in failed. Please try again.",
  google_unverified: "Your Google e-mail address is not verified.",
  google_email_in_use: "An account with this email already exists. Log in with your email and password.",
  google_not_configured: "Google sign-in is not configured on this server.",
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

/** The text of a known code; null for anything else (never the parameter itself). */
export function authErrorMessage(code: string | null | undefined): string | null {
  if (!code || !Object.hasOwn(AUTH_ERROR_MESSAGES, code)) return null;
  return AUTH_ERROR_MESSAGES[code as AuthErrorCode];
}

/** The code whose text is `message` (a service's AppError), else the generic failure. */
export function authErrorCodeFor(message: string): AuthErrorCode {
  const entry = Object.entries(AUTH_ERROR_MESSAGES).find(([, text]) => text === message);
  return (entry?.[0] as AuthErrorCode | undefined) ?? "google_failed";
}
