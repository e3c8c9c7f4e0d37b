import "server-only";
import type { z } from "zod";
import { catchUpChangeFeed } from "@/lib/change-feed/follow-change-feed";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";
import { resolveActor } from "./actor";
import type { Endpoint } from "@/lib/validation/endpoint";
import { errorResponse, success, successBody, validationError } from "./envelope";
import { assertSameOrigin } from "./origin";
import { rejectNul } from "./reject-nul";
import { withApiSecurityHeaders } from "./security-headers";
import { hasSessionCookie, sharedCacheAnswer } from "./shared-cache";

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
type ParamsOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer P> ? z.output<P> : never;

export interface HandlerContext<E extends Endpoint> {
  request: Request;
  actor: E["auth"] extends "required" | "verified" ? Actor : Actor | null;
  query: QueryOf<E>;
  body: BodyOf<E>;
  params: ParamsOf<E>;
}

/** A handler returns the success payload, or a Response when it needs its own (redirects, files). */
type Handler<E extends Endpoint> = (context: HandlerContext<E>) => Promise<unknown>;

interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

/** Query string to an object; a key given more than once becomes an array (`?modelId=a&modelId=b`). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    // `?__proto__=a&__proto__=b` would set this object's prototype; no endpoint has such a field.
    if (key === "__proto__") continue;
    const values = params.getAll(key);
    result[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return result;
}

/** Limit of JSON and urlencoded bodies; multipart bodies use the endpoint's `maxBodyBytes`. */
export const MAX_JSON_BYTES = 1_000_000;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");

/**
 * The body's bytes, counted while they arrive: reading stops (and the stream is cancelled) as soon
 * as more than `maxBytes` came in, so a chunked body without Content-Length, or one that lies in
 * it, never makes the server hold more than the limit. A declared length above the limit is
 * refused before anything is read.
 */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function parseForm(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("VALIDATION", "The request body is not a valid form.");
  }
}

async function readBody(request: Request, maxMultipartBytes = MAX_JSON_BYTES): Promise<unknown> {
  // The boundary parameter is case-sensitive: only the media type is compared in lower case.
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.toLowerCase();
  if (type.includes("multipart/form-data")) {
    return parseForm(await readLimitedBytes(request, maxMultipartBytes), contentType);
  }
  if (type.includes("application/x-www-form-urlencoded")) {
    return parseForm(await readLimitedBytes(request, MAX_JSON_BYTES), contentType);
  }
  const text = new TextDecoder().decode(await readLimitedBytes(request, MAX_JSON_BYTES));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
}

function parseWith<S extends z.ZodType | undefined>(schema: S, input: unknown): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  rejectNul(input);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data as Infer<S>;
}

/**
 * The one wrapper of every /api/v1 route handler: CSRF check, actor, input parsing with the
 * endpoint's zod schemas, the success envelope, and error mapping (lib/http/envelope.ts).
 */
export function route<E extends Endpoint>(definition: E, handler: Handler<E>) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      assertSameOrigin(request, { stateChangingGet: definition.stateChangingGet });
      const actor = await resolveActor(request, definition.auth);
      const query = parseWith(definition.query, searchParamsToObject(new URL(request.url).searchParams));
      const params = parseWith(definition.params, await context.params);
      const body = definition.body
        ? parseWith(definition.body, await readBody(request, definition.maxBodyBytes))
        : undefined;
      const result = await handler({ request, actor, query, body, params } as HandlerContext<E>);
      const isWrite = definition.stateChangingGet || !["GET", "HEAD"].includes(request.method);
      // This process's caches show the write before its answer leaves (the change feed, ADR 025).
      if (isWrite && (!(result instanceof Response) || result.ok)) await catchUpChangeFeed();
      if (result instanceof Response) return withApiSecurityHeaders(result);
      const status = definition.successStatus ?? 200;
      if (definition.sharedCache && actor === null && !hasSessionCookie(request)) {
        return withApiSecurityHeaders(sharedCacheAnswer(request, successBody(result), status));
      }
      return withApiSecurityHeaders(success(result, { status }));
    } catch (error) {
      return withApiSecurityHeaders(errorResponse(error));
    }
  };
}
