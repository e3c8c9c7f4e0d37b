import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { CLIENT_MARKER_HEADER, CLIENT_MARKER_VALUE } from "@/lib/validation/endpoint";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(env().PUBLIC_BASE_URL).origin]);
  const host = request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  return origins;
}

/**
 * CSRF defence for cookie-authenticated calls. Browsers send Origin on every mutation and
 * Sec-Fetch-Site on every request; a request with neither is not from a browser page and carries
 * no ambient-cookie risk. `stateChangingGet` covers the spec's GETs that change state.
 */
export function assertSameOrigin(request: Request, options: { stateChangingGet?: boolean } = {}): void {
  const isMutation = !SAFE_METHODS.has(request.method) || options.stateChangingGet === true;
  if (!isMutation) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new AppError("FORBIDDEN", "Cross-site requests are not allowed.");
  }
  const origin = request.headers.get("origin");
  if (origin && !allowedOrigins(request).has(origin)) {
    throw new AppError("FORBIDDEN", "Cross-site requests are not allowed.");
  }
  if (options.stateChangingGet === true) assertSentByClient(request);
}

/** What a browser sends for anything but a script's fetch: a navigation, a frame, an image... */
const NON_FETCH_DESTINATIONS = new Set([
  "document",
  "iframe",
  "frame",
  "embed",
  "object",
  "image",
  "script",
  "style",
]);

/**
 * The spec's state-changing GETs (logout, resend OTP, delete an attachment) keep their paths but
 * answer only the app's own client: a link inside the site, even same-origin, is a
 * top-level navigation (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`) and cannot add the
 * client's marker header; another site cannot add it either without a CORS preflight.
 */
function assertSentByClient(request: Request): void {
  const mode = request.headers.get("sec-fetch-mode");
  const destination = request.headers.get("sec-fetch-dest");
  if (mode === "navigate" || (destination !== null && NON_FETCH_DESTINATIONS.has(destination))) {
    throw new AppError("FORBIDDEN", "This action cannot be opened as a link.");
  }
  if (request.headers.get(CLIENT_MARKER_HEADER) !== CLIENT_MARKER_VALUE) {
    throw new AppError("FORBIDDEN", "This action cannot be opened as a link.");
  }
}
