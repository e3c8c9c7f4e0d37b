import "server-only";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_TTL_SECONDS,
} from "./cookies";

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

// Secure whenever the site is served over HTTPS (every production deployment); a plain-HTTP
// address (a developer machine, the test suites) could not store Secure cookies at all.
function isSecure(): boolean {
  return new URL(env().PUBLIC_BASE_URL).protocol === "https:";
}

export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isSecure()) parts.push("Secure");
  return parts.join("; ");
}

export function sessionCookieHeaders(tokens: SessionTokens): Headers {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, ACCESS_TOKEN_TTL_SECONDS),
  );
  headers.append(
    "Set-Cookie",
    serializeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, REFRESH_TOKEN_TTL_SECONDS),
  );
  return headers;
}

export function clearedSessionCookieHeaders(): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(ACCESS_TOKEN_COOKIE, "", 0));
  headers.append("Set-Cookie", serializeCookie(REFRESH_TOKEN_COOKIE, "", 0));
  return headers;
}

/** One cookie's value from a request's Cookie header. */
export function readRequestCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [rawName, ...rest] = part.trim().split("=");
    if (rawName === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The header through which the server process (scripts/server-process.ts) passes the socket's
 * remote address to the app; it deletes any copy a client sent first. Internal: never trusted
 * from anywhere else.
 */
export const REMOTE_ADDRESS_HEADER = "x-cnc-remote-address";

let trustedProxies: { source: string; list: BlockList } | undefined;

/** TRUSTED_PROXIES as a BlockList: comma-separated addresses or CIDR ranges (IPv4 or IPv6). */
function trustedProxyList(): BlockList {
  const source = env().TRUSTED_PROXIES ?? "";
  if (trustedProxies?.source === source) return trustedProxies.list;
  const list = new BlockList();
  for (const entry of source
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : isIP(address) === 4 ? "ipv4" : null;
    if (!family) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  trustedProxies = { source, list };
  return list;
}

function isTrusted(address: string): boolean {
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  if (family === 0) return false;
  return trustedProxyList().check(plain, family === 6 ? "ipv6" : "ipv4");
}

/**
 * `TRUSTED_PROXIES=*`: the app is reachable only through one proxy whose address is not known
 * (Next's standalone server in the Docker image passes no socket address): the entry that proxy
 * appended, the last one, is the client.
 */
function lastForwardedHop(request: Request): string | undefined {
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  return hops.at(-1)?.slice(0, 100);
}

/**
 * The caller's address for per-IP limits. The socket's address (REMOTE_ADDRESS_HEADER); only when
 * that peer is one of TRUSTED_PROXIES (default: none) is X-Forwarded-For read, from the right,
 * skipping further trusted proxies: the first untrusted entry is the client. A client's own
 * X-Forwarded-For is never believed. Per-account limits do not depend on it.
 */
export function clientIp(request: Request): string {
  // Only the server process sets this header (and says so); anywhere else a client could.
  const peer = env().CNC_REMOTE_ADDRESS_HEADER
    ? request.headers.get(REMOTE_ADDRESS_HEADER)?.trim()
    : undefined;
  if (env().TRUSTED_PROXIES?.trim() === "*") return lastForwardedHop(request) ?? peer ?? "unknown";
  if (!peer) return "unknown";
  if (!isTrusted(peer)) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    const hop = forwarded[index] as string;
    if (!isTrusted(hop)) return hop.slice(0, 100);
  }
  return forwarded[0]?.slice(0, 100) ?? peer;
}
