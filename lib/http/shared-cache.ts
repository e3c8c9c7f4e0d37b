import { createHash } from "node:crypto";
import { SHARED_CACHE_CONTROL } from "./cache-control";

// Public API reads as a shared cache in front of the hosts (a CDN or reverse proxy) may keep them.

/** The session cookies whose presence makes an answer personal (lib/auth/cookies.ts). */
const SESSION_COOKIE = /(?:^|;\s*)(?:access_token|refresh_token)=/;

export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}

/** A strong validator of exact bytes: the answer's SHA-1, base64url (cheap next to the JSON encoding). */
export function entityTag(body: string | Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** RFC 9110 13.1.2: `*` or any listed tag, compared weakly (a `W/` prefix is ignored). */
export function matchesIfNoneMatch(header: string | null, tag: string): boolean {
  if (header === null) return false;
  const weak = (value: string) => value.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || weak(candidate) === weak(tag));
}

/**
 * A public read's answer as a shared cache may keep it: Cache-Control, Vary and an ETag, or a 304
 * without a body when the request already holds these bytes.
 */
export function sharedCacheAnswer(request: Request, body: string, status: number): Response {
  const tag = entityTag(body);
  const headers = {
    "Cache-Control": SHARED_CACHE_CONTROL,
    Vary: "Cookie",
    ETag: tag,
  };
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), tag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status, headers: { ...headers, "Content-Type": "application/json" } });
}
