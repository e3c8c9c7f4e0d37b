import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { changeFeedIsLive, latestPostChangeAt, postChangedAt } from "@/lib/change-feed/changes";
import { createNonce } from "@/lib/http/security-headers";
import { projectPagePostId, servedFromSharedCopy } from "./paths";
import { MEMBER_HINT_COOKIE } from "@/lib/utils/before-paint";
import { bodyWithNonce, type NonceTemplate, nonceTemplate } from "./nonce-template";

/**
 * The cached guest pages (the home page, ADR 007; project pages, ADR 017 and 019), answered again
 * by the server process itself (ADR 022). Next serves such a page from its ISR cache, yet each hit
 * still runs its router, the proxy and the response pipeline: about three times the CPU of
 * `/api/health`. So an answer Next gave from its ISR cache (`x-nextjs-cache: HIT`) is kept, bytes
 * and headers as sent (compressed when it was), and replayed to the next request that the proxy
 * would send to the same cached page and leave as it is (no redirect, no cookie to set), for the
 * same address and encoding, for at most REPLAY_MS, never once its post has changed (the home
 * page: once any post has), as the change feed tells (lib/change-feed, the same record that drops
 * Next's copy), and never while the feed is down.
 *
 * Each replay gets a fresh CSP nonce, written into its policy and into every copy in its bytes
 * (./nonce-template.ts: no compression per answer), so no two answers share a nonce (ADR 014).
 */

/** How long an answer is replayed: short, so Next's own revalidation timers still rule. */
export const REPLAY_MS = 1_000;
/** Answers kept at once, in bytes (pages are 20-60 kB, a fifth of that compressed). */
const MAX_STORED_BYTES = 16 * 1024 * 1024;
/** A larger answer is not kept. */
const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * Request headers that make Next answer differently (its `Vary`, its prefetches) or that a replay
 * would not honour (conditional and partial requests): any of them, and Next answers.
 */
const ROUTER_AND_CONDITION_HEADERS = [
  "authorization",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-action",
  "next-url",
  "x-middleware-prefetch",
  "x-nextjs-data",
  "if-none-match",
  "if-modified-since",
  "range",
];
/** Set by Node for each answer, or describing the transfer rather than the page. */
const TRANSFER_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
/** Tells a replayed answer from Next's (tests, and anyone reading the headers). */
export const REPLAY_HEADER = "x-cnc-page-replay";

interface StoredAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  /** The project page's post; null for the home page. */
  postId: string | null;
  /** The nonce of its policy and bytes, replaced in every replay; null when it has none. */
  nonce: string | null;
  /** Built on its first replay (most stored answers are never replayed); null if it cannot be. */
  template?: NonceTemplate | null;
}

const stored = new Map<string, StoredAnswer>();
let storedBytes = 0;

/**
 * The replay key of a request that may get a stored answer, else null: a GET without a query string
 * of a page that proxy.ts serves from the cache for this request (servedFromSharedCopy), without any
 * header in ROUTER_AND_CONDITION_HEADERS, that the proxy would also leave alone (see leftAlone).
 */
export function guestPageKey(request: IncomingMessage): string | null {
  const url = request.url;
  if (request.method !== "GET" || !url || url.includes("?")) return null;
  for (const name of ROUTER_AND_CONDITION_HEADERS) if (request.headers[name] !== undefined) return null;
  const cookies = sessionCookies(request.headers.cookie);
  if (cookies === null) return null;
  const hasSession = cookies.access !== undefined || cookies.refresh !== undefined;
  const acceptsHtml = (request.headers.accept ?? "").includes("text/html");
  const shared = servedFromSharedCopy({
    method: request.method,
    pathname: url,
    search: "",
    hasSession,
    acceptsHtml,
  });
  if (!shared || !leftAlone(cookies, hasSession)) return null;
  return `${url} ${request.headers["accept-encoding"] ?? ""}`;
}

interface SessionCookies {
  access?: string;
  refresh?: string;
  hint?: string;
}

/** The cookies proxy.ts reads, or null when one of them is given twice (Next then decides). */
function sessionCookies(header: string | undefined): SessionCookies | null {
  const cookies: SessionCookies = {};
  if (!header) return cookies;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    const name = (at === -1 ? pair : pair.slice(0, at)).trim();
    const field =
      name === ACCESS_TOKEN_COOKIE
        ? "access"
        : name === REFRESH_TOKEN_COOKIE
          ? "refresh"
          : name === MEMBER_HINT_COOKIE
            ? "hint"
            : null;
    if (field === null) continue;
    if (cookies[field] !== undefined) return null;
    cookies[field] = at === -1 ? "" : pair.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * Whether proxy.ts sends the cached page as it is: it sets or removes the member hint unless the
 * hint is held exactly while a session cookie is, and sends a member whose sign-up is unfinished
 * to /signup. That claim is read here without checking the token's signature, which is enough to
 * route by: a forged or expired token gets the cached page from the proxy too, since it then has
 * no claims at all; a token that cannot be read, or says the sign-up is unfinished, goes to Next.
 */
function leftAlone(cookies: SessionCookies, hasSession: boolean): boolean {
  if ((cookies.hint === "1") !== hasSession) return false;
  if (cookies.access === undefined) return true;
  const payload = cookies.access.split(".")[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { suc?: unknown } | null;
    return typeof claims === "object" && claims !== null && claims.suc !== false;
  } catch {
    return false;
  }
}

/** Whether a stored answer may still be replayed at `now`. */
function isReplayable(answer: StoredAnswer, now: number): boolean {
  if (now - answer.storedAt >= REPLAY_MS || !changeFeedIsLive(now)) return false;
  const changedAt = answer.postId === null ? latestPostChangeAt() : postChangedAt(answer.postId);
  return changedAt < answer.storedAt;
}

/**
 * Answers the request from a stored answer when there is a replayable one; otherwise lets `next`
 * answer it and keeps Next's answer if it came from the ISR cache.
 */
export function serveGuestPage(
  key: string,
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
): void {
  const answer = stored.get(key);
  const replay = answer && isReplayable(answer, Date.now()) ? withFreshNonce(answer) : null;
  if (answer && replay) {
    response.writeHead(answer.status, {
      ...replay.headers,
      "content-length": replay.body.length,
      [REPLAY_HEADER]: "1",
    });
    response.end(replay.body);
    return;
  }
  if (answer) forget(key);
  const postId = projectPagePostId(request.url ?? "");
  recordAnswer(response, (recorded) => {
    const nonce = NONCE_SOURCE.exec(String(recorded.headers[POLICY_HEADER] ?? ""))?.[1] ?? null;
    keep(key, { ...recorded, postId, nonce });
  });
  next();
}

const POLICY_HEADER = "content-security-policy";
const NONCE_SOURCE = /'nonce-([^']+)'/;

/**
 * The stored answer with a nonce of its own in its policy and bytes; null when its bytes cannot
 * take one (then Next answers: a nonce is never reused).
 */
function withFreshNonce(answer: StoredAnswer): { headers: OutgoingHttpHeaders; body: Buffer } | null {
  if (answer.nonce === null) return answer;
  if (answer.template === undefined) {
    const encoding = String(answer.headers["content-encoding"] ?? "");
    answer.template = nonceTemplate(answer.body, encoding, answer.nonce);
  }
  if (answer.template === null) return null;
  const nonce = createNonce();
  if (nonce.length !== answer.nonce.length) return null;
  const policy = String(answer.headers[POLICY_HEADER]).replace(answer.nonce, nonce);
  return {
    headers: { ...answer.headers, [POLICY_HEADER]: policy },
    body: bodyWithNonce(answer.template, nonce),
  };
}

/**
 * Collects what is written to `response` (after any compression Next applies, which wraps these
 * same methods later) and hands it over once sent, if it is a whole page from Next's ISR cache.
 */
function recordAnswer(
  response: ServerResponse,
  onRecorded: (answer: Omit<StoredAnswer, "postId" | "nonce">) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (size > MAX_PAGE_BYTES || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    size += bytes.length;
  };
  const write = response.write;
  const end = response.end;
  response.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown) {
    collect(chunk, encoding);
    // eslint-disable-next-line prefer-rest-params -- passes Node's overloads on unchanged
    return write.apply(this, arguments as unknown as Parameters<typeof write>);
  } as typeof response.write;
  response.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown) {
    collect(chunk, encoding);
    // eslint-disable-next-line prefer-rest-params -- passes Node's overloads on unchanged
    return end.apply(this, arguments as unknown as Parameters<typeof end>);
  } as typeof response.end;
  response.once("finish", () => {
    const isCachedPage = response.getHeader("x-nextjs-cache") === "HIT";
    const status = response.statusCode;
    if (!isCachedPage || (status !== 200 && status !== 404) || size > MAX_PAGE_BYTES) return;
    // Headers passed to writeHead alone are not in getHeaders(): without its type, do not keep it.
    if (response.hasHeader("set-cookie") || !response.hasHeader("content-type")) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(response.getHeaders()))
      if (!TRANSFER_HEADERS.has(name) && value !== undefined) headers[name] = value;
    onRecorded({ status, headers, body: Buffer.concat(chunks, size), storedAt: Date.now() });
  });
}

function keep(key: string, answer: StoredAnswer): void {
  forget(key);
  stored.set(key, answer);
  storedBytes += answer.body.length;
  if (storedBytes <= MAX_STORED_BYTES) return;
  // Over the bound: first whatever can no longer be replayed, then the oldest stored.
  const now = Date.now();
  for (const [oldKey, old] of stored) if (!isReplayable(old, now)) forget(oldKey);
  for (const oldKey of stored.keys()) {
    if (storedBytes <= MAX_STORED_BYTES) break;
    forget(oldKey);
  }
}

function forget(key: string): void {
  const answer = stored.get(key);
  if (!answer) return;
  stored.delete(key);
  storedBytes -= answer.body.length;
}
