/**
 * The browser's client for /api/v1 (the spec's session rule): cookies included, and any 403 is
 * answered by one POST /api/v1/auth/refresh and one retry of the original call; when the refresh
 * fails the user is logged out (listeners of onSessionExpired clear the session state).
 */
import { CLIENT_MARKER_HEADER, CLIENT_MARKER_VALUE } from "@/lib/validation/endpoint";

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  constructor(status: number, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.issues = issues;
  }
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Called when a refresh fails after a 403: the session is gone. Returns an unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

export const REFRESH_PATH = "/api/v1/auth/refresh";

// Concurrent 403s share one refresh, so a rotated refresh token is never presented twice.
let refreshInFlight: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshInFlight ??= fetch(REFRESH_PATH, {
    method: "POST",
    credentials: "include",
    headers: { [CLIENT_MARKER_HEADER]: CLIENT_MARKER_VALUE },
  })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

interface Envelope<T> {
  status?: string;
  data?: T;
  errorMessage?: string;
  message?: string;
  issues?: ApiIssue[];
}

async function toResult<T>(response: Response): Promise<T> {
  const isJson = response.headers.get("content-type")?.includes("application/json");
  const body = (isJson ? await response.json().catch(() => ({})) : {}) as Envelope<T>;
  if (!response.ok || body.status === "error") {
    throw new ApiError(
      response.status,
      body.errorMessage ?? body.message ?? "Something went wrong",
      body.issues ?? [],
    );
  }
  return body.data as T;
}

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Query parameters; arrays are repeated (`?modelId=a&modelId=b`), undefined values dropped. */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
}

export function buildUrl(path: string, query?: ApiRequestInit["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One call; resolves to the envelope's `data`, rejects with ApiError carrying the server's message. */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, query, headers, ...rest } = init;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const request = (): Promise<Response> =>
    fetch(buildUrl(path, query), {
      credentials: "include",
      ...rest,
      headers: {
        Accept: "application/json",
        // Marks the app's own calls; the spec's state-changing GETs require it (lib/http/origin.ts).
        [CLIENT_MARKER_HEADER]: CLIENT_MARKER_VALUE,
        ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });

  let response = await request();
  if (response.status === 403 && path !== REFRESH_PATH) {
    if (await refreshSession()) {
      response = await request();
    } else {
      for (const listener of sessionExpiredListeners) listener();
    }
  }
  return toResult<T>(response);
}
