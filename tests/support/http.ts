import { inject } from "vitest";

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** One call to the app under test; the body is parsed as JSON when it is JSON. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit = {},
): Promise<ApiResult<T>> {
  const response = await fetch(`${inject("baseUrl")}${path}`, { redirect: "manual", ...init });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return {
    status: response.status,
    headers: response.headers,
    body: (isJson ? JSON.parse(text) : text) as T,
  };
}

export interface Envelope<T> {
  status: "success" | "error";
  data: T;
  errorMessage?: string;
  message?: string;
  issues?: { path: string; message: string }[];
}
