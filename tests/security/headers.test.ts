import { describe, expect, inject, it } from "vitest";
import { api } from "../support/http";
import { Browser, signUp } from "../api/auth-support";

// Over HTTP (ADR 014): every API answer and page carries the security headers;
// personal API answers are never stored; pages run under a nonce-based policy whose nonce matches
// the HTML, the cached guest page included.
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

function expectCommonHeaders(headers: Headers, label: string) {
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(headers.get("x-frame-options"), label).toBe("DENY");
  expect(headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  // The test server runs on http: no HSTS (lib/http/security-headers.ts adds it on https).
  expect(headers.get("strict-transport-security"), label).toBeNull();
}

describe("API answers", () => {
  it("/api/v1/auth/me: no-store, a deny-all CSP and the common headers, for 200 and for 401", async () => {
    const browser = new Browser();
    await signUp(browser);
    const me = await browser.call("/api/v1/auth/me");
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(me.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expectCommonHeaders(me.headers, "me");
    const anonymous = await api("/api/v1/auth/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    expectCommonHeaders(anonymous.headers, "me 401");
  });

  it("the server process's direct route (autoComplete) carries them too", async () => {
    const result = await api("/api/v1/post/search/autoComplete?searchQuery=walnut");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-security-policy")).toContain("default-src 'none'");
    expectCommonHeaders(result.headers, "autoComplete");
  });

  it("a listing that depends on the session is not stored either", async () => {
    const result = await api("/api/v1/post");
    expect(result.headers.get("cache-control")).toBe("no-store");
  });
});

describe("pages", () => {
  async function page(path: string, cookie?: string) {
    const response = await fetch(`${inject("baseUrl")}${path}`, {
      headers: cookie ? { cookie } : {},
    });
    const html = await response.text();
    return { response, html, nonce: nonceOf(response.headers.get("content-security-policy")) };
  }

  it("per-request pages get a fresh nonce each time, and their scripts carry it", async () => {
    const first = await page("/signup");
    const second = await page("/signup");
    expect(first.nonce).toBeTruthy();
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.html).toContain(`nonce="${first.nonce}"`);
    const policy = first.response.headers.get("content-security-policy") ?? "";
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "'strict-dynamic'",
    ]) {
      expect(policy).toContain(directive);
    }
    expectCommonHeaders(first.response.headers, "/signup");
  });

  it("the cached guest home page's nonce matches its HTML on every answer", async () => {
    for (let i = 0; i < 3; i += 1) {
      const { response, html, nonce } = await page("/");
      expect(response.status).toBe(200);
      expect(nonce).toBeTruthy();
      const inHtml = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...inHtml]).toEqual([nonce]);
    }
  });
});
