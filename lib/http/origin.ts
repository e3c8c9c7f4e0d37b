import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

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
}
