import type { IncomingMessage, ServerResponse } from "node:http";
import * as listingRoute from "@/app/api/v1/post/route";
import * as autocompleteRoute from "@/app/api/v1/post/search/autoComplete/route";

/** An App Router route handler: a web Request in, a web Response out. */
type WebHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/**
 * GET routes the server process answers itself, before Next's router (ADR 009): the same route
 * handler runs (same validation, session, service, cache and envelope), without the framework's
 * per-request pipeline, which alone costs more than the suggestion target allows on a busy 2-core
 * machine, and a third of a listing's CPU. Only read-only handlers without path parameters belong
 * here: they get no params and no proxy.ts (which never runs for /api anyway); the session comes
 * from the request's cookies, as in every route handler.
 */
const DIRECT_GET_ROUTES: ReadonlyMap<string, WebHandler> = new Map([
  ["/api/v1/post", listingRoute.GET],
  ["/api/v1/post/search/autoComplete", autocompleteRoute.GET],
]);

const NO_PARAMS = { params: Promise.resolve({}) };

/** The handler for this request when it is a direct route, else null (Next serves it). */
export function directRouteFor(request: IncomingMessage): WebHandler | null {
  if (request.method !== "GET" || !request.url) return null;
  const queryStart = request.url.indexOf("?");
  const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  return DIRECT_GET_ROUTES.get(pathname) ?? null;
}

/** Runs a route handler for a Node request and writes its answer; never throws. */
export async function serveDirect(
  handler: WebHandler,
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const answer = await handler(new Request(new URL(request.url ?? "/", origin), { headers }), NO_PARAMS);
    const body = Buffer.from(await answer.arrayBuffer());
    response.statusCode = answer.status;
    answer.headers.forEach((value, name) => response.setHeader(name, value));
    response.setHeader("content-length", body.length);
    response.end(body);
  } catch (error) {
    // route() already answers every error of the handler; this is the adapter failing.
    console.error("[server] direct route failed", error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  }
}
