import "server-only";
import { env } from "@/lib/env";
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_TTL_SECONDS,
} from "./cookies";

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

// Secure whenever the site is served over HTTPS (every production deployment); a plain-HTTP
// address (a developer machine, the test suites) could not store Secure cookies at all.
function isSecure(): boolean {
  return new URL(env().PUBLIC_BASE_URL).protocol === "https:";
}

export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isSecure()) parts.push("Secure");
  return parts.join("; ");
}

export function sessionCookieHeaders(tokens: SessionTokens): Headers {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, ACCESS_TOKEN_TTL_SECONDS),
  );
  headers.append(
    "Set-Cookie",
    serializeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, REFRESH_TOKEN_TTL_SECONDS),
  );
  return headers;
}

export function clearedSessionCookieHeaders(): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(ACCESS_TOKEN_COOKIE, "", 0));
  headers.append("Set-Cookie", serializeCookie(REFRESH_TOKEN_COOKIE, "", 0));
  return headers;
}

/** One cookie's value from a request's Cookie header. */
export function readRequestCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [rawName, ...rest] = part.trim().split("=");
    if (rawName === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The caller's address for per-IP limits: the first X-Forwarded-For entry (set by the load
 * balancer in a deployment), else X-Real-IP. Per-account limits do not depend on it.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}
