import "server-only";
import { failure } from "./envelope";
import { allEndpoints } from "./openapi";
import { withApiSecurityHeaders } from "./security-headers";

/**
 * The answer to a method an API route does not serve (docs/security.md, Headers): 405 with the
 * error envelope, the `Allow` header and the API's security headers, like every other API answer.
 *
 * Every API route file ends with `export * from "@/lib/http/method-not-allowed"`: a module's own
 * exports win over the ones it re-exports, so these handlers answer exactly the methods the route
 * does not export (Next's own stand-in is a bare 405). OPTIONS is answered here too, with the same
 * `Allow`, since Next would otherwise list the stand-ins as served. `scripts/server-process.ts`
 * answers methods Next does not know (TRACE, PROPFIND, ...) with the same rule.
 *
 * Which methods a path serves comes from the endpoint contracts (the ones the OpenAPI document is
 * built from), plus the few API routes that are not contracts; tests/unit/method-not-allowed.test.ts
 * checks the result against every route file's exports.
 */

/** API routes without an endpoint contract: files and documents, all GET only. */
const ROUTES_WITHOUT_CONTRACT: readonly { path: string; methods: readonly string[] }[] = [
  { path: "/api/health", methods: ["GET"] },
  { path: "/api/v1/openapi.json", methods: ["GET"] },
  { path: "/api/v1/auth/avatar/{userId}/{file}", methods: ["GET"] },
];

interface RoutePattern {
  segments: string[];
  methods: Set<string>;
}

const segmentsOf = (path: string): string[] => path.split("/").filter((segment) => segment !== "");
const isParameter = (segment: string): boolean => segment.startsWith("{");

let patterns: RoutePattern[] | null = null;

function routePatterns(): RoutePattern[] {
  if (patterns) return patterns;
  const byPath = new Map<string, RoutePattern>();
  const add = (path: string, method: string) => {
    const segments = segmentsOf(path);
    const key = segments.join("/");
    let pattern = byPath.get(key);
    if (!pattern) {
      pattern = { segments, methods: new Set() };
      byPath.set(key, pattern);
    }
    pattern.methods.add(method);
  };
  for (const endpoint of allEndpoints()) add(endpoint.path, endpoint.method);
  for (const route of ROUTES_WITHOUT_CONTRACT) for (const method of route.methods) add(route.path, method);
  patterns = [...byPath.values()];
  return patterns;
}

function matches(pattern: RoutePattern, segments: string[]): boolean {
  return (
    pattern.segments.length === segments.length &&
    pattern.segments.every((segment, index) => isParameter(segment) || segment === segments[index])
  );
}

/** Next's order: at the first segment where two routes differ, a fixed name beats a parameter. */
function moreSpecific(a: RoutePattern, b: RoutePattern): RoutePattern {
  for (let index = 0; index < a.segments.length; index += 1) {
    const aIsParameter = isParameter(a.segments[index] as string);
    if (aIsParameter !== isParameter(b.segments[index] as string)) return aIsParameter ? b : a;
  }
  return a;
}

/**
 * The methods the API route at `pathname` serves, as an `Allow` header lists them (HEAD with GET,
 * OPTIONS always, sorted); empty when no API route has this address.
 */
export function allowedMethods(pathname: string): string[] {
  const segments = segmentsOf(pathname);
  let best: RoutePattern | null = null;
  for (const pattern of routePatterns()) {
    if (matches(pattern, segments)) best = best ? moreSpecific(best, pattern) : pattern;
  }
  if (!best) return [];
  const methods = new Set(best.methods);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].sort();
}

function pathnameOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "/";
  }
}

/** 405 with the envelope, `Allow` and the API's headers. */
export function methodNotAllowedResponse(method: string, pathname: string): Response {
  const allowed = allowedMethods(pathname);
  const message = `This address does not accept ${method} requests (allowed: ${allowed.join(", ") || "none"}).`;
  return withApiSecurityHeaders(failure(405, message, undefined, { Allow: allowed.join(", ") }));
}

const notAllowed = (request: Request): Response =>
  methodNotAllowedResponse(request.method, pathnameOf(request));

export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;

/** What the route serves, with nothing to read: CORS is never granted, so no other header. */
export function OPTIONS(request: Request): Response {
  const allowed = allowedMethods(pathnameOf(request));
  return withApiSecurityHeaders(new Response(null, { status: 204, headers: { Allow: allowed.join(", ") } }));
}
