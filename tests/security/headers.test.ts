import { describe, expect, inject, it } from "vitest";
import { api } from "../support/http";
import { Browser, signUp } from "../api/auth-support";
import { createProject } from "../support/factories-project";

// Over HTTP (ADR 014): every API answer and page carries the security headers;
// personal API answers are never stored; pages run under a nonce-based policy whose nonce matches
// the HTML and is fresh on every answer, the cached guest pages included.
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

  it("a listing that depends on the session is shared only with readers without one", async () => {
    const visitor = await api("/api/v1/post");
    expect(visitor.headers.get("cache-control")).toMatch(/^public, /);
    expect(visitor.headers.get("vary")).toMatch(/cookie/i);
    const member = await api("/api/v1/post", { headers: { cookie: "refresh_token=stale" } });
    expect(member.headers.get("cache-control")).toBe("no-store");
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

  it("the cached guest pages get a fresh nonce on every answer, Next's and the replay's, compressed or not", async () => {
    const { post } = await createProject();
    for (const path of ["/", `/model/${post.id}`]) {
      for (const encoding of ["gzip", "identity"]) {
        const label = `${path} (${encoding})`;
        /** Each answer's nonce, and who answered: the replay, or Next (HIT, STALE, MISS). */
        const seen = new Map<string, string>();
        const servedBy = new Set<string>();
        // Until both caches have answered: the replay serves only while the change feed is live,
        // which a busy machine can interrupt for a moment (ADR 025).
        for (let i = 0; i < 40 && !(servedBy.has("HIT") && servedBy.has("replay")); i += 1) {
          if (i >= 6) await new Promise((resolve) => setTimeout(resolve, 100));
          const response = await fetch(`${inject("baseUrl")}${path}`, {
            headers: { accept: "text/html", "accept-encoding": encoding },
          });
          expect(response.status, label).toBe(200);
          const html = await response.text();
          const nonce = nonceOf(response.headers.get("content-security-policy"));
          expect(nonce, label).toBeTruthy();
          const inHtml = new Set(
            [...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]),
          );
          expect([...inHtml], label).toEqual([nonce]);
          const answeredBy =
            response.headers.get("x-cnc-page-replay") === "1"
              ? "replay"
              : (response.headers.get("x-nextjs-cache") ?? "render");
          // Requests Next answers with one render (MISS) or one revalidation (STALE) share its
          // answer and nonce (ADR 014); any other reuse of a nonce is a fault.
          if (seen.has(nonce!)) {
            expect(["MISS", "STALE"], label).toContain(answeredBy);
            expect(seen.get(nonce!), label).toBe(answeredBy);
          }
          // No other earlier answer's nonce anywhere: not in the policy, the scripts or the RSC payload.
          for (const earlier of seen.keys()) {
            if (earlier !== nonce) expect(html.includes(earlier), label).toBe(false);
          }
          seen.set(nonce!, answeredBy);
          servedBy.add(answeredBy);
        }
        // Next's ISR cache and the server process's replay both answered.
        expect([...servedBy], label).toEqual(expect.arrayContaining(["HIT", "replay"]));
      }
    }
  });

  it("visits that arrive together, while the page renders, each get a policy matching their HTML", async () => {
    const { post } = await createProject();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${inject("baseUrl")}/model/${post.id}`, { headers: { accept: "text/html" } }),
      ),
    );
    for (const response of answers) {
      expect(response.status).toBe(200);
      // One policy, the page's (the proxy adds none of its own to a cached page).
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy.match(/script-src/g)).toHaveLength(1);
      const html = await response.text();
      const inHtml = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...inHtml]).toEqual([nonceOf(policy)]);
    }
  });
});
