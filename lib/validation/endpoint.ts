import type { z } from "zod";

/**
 * One API contract: method, path (as the spec writes it, `{param}` for path parameters), who may
 * call it, and the zod schemas of its inputs and payload. Route handlers parse with it and the
 * OpenAPI document is generated from the same objects, so the two cannot drift apart.
 */
export type AuthMode = "none" | "optional" | "required" | "verified";

export interface Endpoint<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Auth extends AuthMode = AuthMode,
  Response extends z.ZodType = z.ZodType,
> {
  readonly kind: "endpoint";
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  query?: Query;
  body?: Body;
  params?: Params;
  /** Schema of `data` in the success envelope, for the documentation. */
  response: Response;
  /** 200 unless given (e.g. 201 for calls that create). */
  successStatus?: number;
  /** A GET the spec uses to change state (logout, resend OTP): refused when sent cross-site. */
  stateChangingGet?: boolean;
  /**
   * A public read whose answer to a visitor without a session is the same for every such visitor
   * and has no side effect: a shared cache may keep it briefly, with an ETag (lib/http/shared-cache.ts).
   */
  sharedCache?: boolean;
  /**
   * Largest accepted multipart body in bytes (default 1 MB), counted while it streams in; JSON and
   * urlencoded bodies are always limited to 1 MB (lib/http/route.ts).
   */
  maxBodyBytes?: number;
}

/** `const A` keeps the literal auth mode, so a handler of a signed-in endpoint gets a non-null actor. */
export function endpoint<
  Q extends z.ZodType,
  B extends z.ZodType,
  P extends z.ZodType,
  const A extends AuthMode,
  R extends z.ZodType,
>(definition: Omit<Endpoint<Q, B, P, A, R>, "kind">): Endpoint<Q, B, P, A, R> {
  return { kind: "endpoint", ...definition };
}

export const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "endpoint";

/**
 * The header the app's own browser client (lib/api-client/client.ts) sends on every call. The
 * spec's state-changing GETs require it (lib/http/origin.ts): a link or a navigation cannot add a
 * header, and a cross-site page can only add one after a CORS preflight, which the API never grants.
 */
export const CLIENT_MARKER_HEADER = "X-Requested-With";
export const CLIENT_MARKER_VALUE = "cnc-projects";
