import { createHash } from "node:crypto";
import { env } from "@/lib/env";
import { BEFORE_PAINT_SCRIPT } from "@/lib/utils/before-paint";

/**
 * The security headers of every answer (docs/security.md, ADR 014).
 *
 * - Pages: a nonce-based Content-Security-Policy set by proxy.ts per request (Next reads the nonce
 *   from the request's CSP header and puts it on its own scripts), plus the common headers.
 * - API answers (lib/http/route.ts): a CSP that allows nothing (JSON is never a document), the
 *   common headers, and `Cache-Control: no-store` unless the handler chose its own.
 * - next.config.ts adds nosniff, Referrer-Policy and X-Frame-Options to every path as a baseline
 *   (static assets and the few handlers outside route()).
 */

/** A fresh, unguessable nonce (128 bits, base64). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function isHttps(): boolean {
  return new URL(env().PUBLIC_BASE_URL).protocol === "https:";
}

/** The root layout's one inline script, allowed by its hash (it cannot carry a nonce). */
export const BEFORE_PAINT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(BEFORE_PAINT_SCRIPT).digest("base64")}'`;

/** The policy a page runs under. `nonce` allows Next's scripts; everything they load inherits it. */
export function pageContentSecurityPolicy(nonce: string): string {
  const config = env();
  // Presigned uploads and downloads go straight to S3 when that driver is used.
  const storage = [originOf(config.S3_PUBLIC_ENDPOINT), originOf(config.S3_ENDPOINT)].filter(
    (origin): origin is string => origin !== null,
  );
  const dev = config.NODE_ENV === "development";
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonced scripts add (Next's chunks) run; host lists are ignored.
    `script-src 'self' 'nonce-${nonce}' ${BEFORE_PAINT_SCRIPT_HASH} 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React, Radix, Swiper and three.js set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Avatars may be a Google profile photo; thumbnails come from storage.
    ["img-src 'self' data: blob: https:", ...storage].join(" "),
    "font-src 'self' data:",
    // Any http(s) origin: "Send to my machine" uploads from the page to the user's own controller,
    // whose address only their browser knows (ADR 029). A policy cannot name private ranges.
    ["connect-src 'self' http: https:", ...storage, ...(dev ? ["ws:"] : [])].join(" "),
    ["media-src 'self' blob:", ...storage].join(" "),
    "worker-src 'self' blob:",
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  // No upgrade-insecure-requests: it would rewrite a call to http://<controller> to https, which
  // controllers do not serve (ADR 029). HSTS keeps this site itself on https.
  return directives.join("; ");
}

/** API answers are data, never documents: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Headers every answer carries (next.config.ts sets the first three statically as well). */
export function commonSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (isHttps()) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * Adds the API's security headers to a route() answer; an answer without its own Cache-Control
 * gets `no-store` (personal data, Set-Cookie, or one URL answering signed-in and signed-out
 * visitors differently must never be kept by a browser or a shared cache).
 */
export function withApiSecurityHeaders(response: Response): Response {
  let target = response;
  try {
    applyApiHeaders(target.headers);
  } catch {
    // Immutable headers (a fetched Response passed through): copy it.
    target = new Response(response.body, response);
    applyApiHeaders(target.headers);
  }
  return target;
}

function applyApiHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(commonSecurityHeaders())) headers.set(name, value);
  if (!headers.has("Content-Security-Policy"))
    headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}
