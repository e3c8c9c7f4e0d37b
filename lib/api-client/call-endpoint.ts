/**
 * The typed browser client: one call per endpoint contract (lib/validation/*), so the path, the
 * method, the inputs and the answer's type all come from the same object the route handler and
 * the OpenAPI document use. No component writes an `/api/v1` string or a response type by hand.
 *
 *   const { like } = await callEndpoint(createLikeEndpoint, { body: { postId } });
 */
import type { z } from "zod";
import type { AuthMode, Endpoint } from "@/lib/validation/endpoint";
import { type ApiRequestInit, apiFetch } from "./client";

/** True when the contract declares no such schema: its generic fell back to the bare ZodType. */
type Undeclared<S extends z.ZodType> = z.ZodType extends S ? true : false;

type ParamsPart<P extends z.ZodType> =
  Undeclared<P> extends true ? { params?: never } : { params: z.input<P> };
type QueryPart<Q extends z.ZodType> = Undeclared<Q> extends true ? { query?: never } : { query?: z.input<Q> };
type BodyPart<B extends z.ZodType> =
  Undeclared<B> extends true ? { body?: never } : { body: z.input<B> | FormData };

/** What a call needs: the path parameters, query and body its contract declares (each only when declared). */
export type EndpointInput<E> =
  E extends Endpoint<infer Q, infer B, infer P, AuthMode, z.ZodType>
    ? ParamsPart<P> & QueryPart<Q> & BodyPart<B> & { signal?: AbortSignal; headers?: Record<string, string> }
    : never;

export type EndpointOutput<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, AuthMode, infer R> ? z.output<R> : never;

/** The contract's path with `{name}` replaced by the encoded parameter. */
export function endpointPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> = {} as EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  const { params, query, body, signal, headers } = input as {
    params?: Record<string, unknown>;
    query?: ApiRequestInit["query"];
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  return apiFetch<EndpointOutput<E>>(endpointPath(endpoint.path, params), {
    method: endpoint.method,
    query,
    body,
    signal,
    headers,
  });
}
