import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import {
  commonSecurityHeaders,
  pageContentSecurityPolicy,
  withApiSecurityHeaders,
} from "@/lib/http/security-headers";
import { BEFORE_PAINT_SCRIPT } from "@/lib/utils/before-paint";

// The header values themselves (ADR 014); tests/security/headers.test.ts checks them over HTTP.
afterEach(() => {
  delete process.env.PUBLIC_BASE_URL;
  resetEnvCache();
});

function withBaseUrl(url: string) {
  process.env.PUBLIC_BASE_URL = url;
  resetEnvCache();
}

describe("security headers", () => {
  it("HSTS only when PUBLIC_BASE_URL is https; never upgrade-insecure-requests (controllers speak http, ADR 029)", () => {
    withBaseUrl("https://cnc.example");
    expect(commonSecurityHeaders()["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(pageContentSecurityPolicy("abc")).not.toContain("upgrade-insecure-requests");
    withBaseUrl("http://127.0.0.1:3000");
    expect(commonSecurityHeaders()["Strict-Transport-Security"]).toBeUndefined();
    expect(pageContentSecurityPolicy("abc")).not.toContain("upgrade-insecure-requests");
  });

  it("pages may connect to any http(s) origin (a user's controller), and nothing else widens", () => {
    withBaseUrl("https://cnc.example");
    const directives = pageContentSecurityPolicy("abc").split("; ");
    expect(directives).toContain("connect-src 'self' http: https:");
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("frame-src https://www.youtube-nocookie.com");
  });

  it("the page policy allows the nonce, the root layout's one inline script by hash, and nothing unsafe for scripts", () => {
    withBaseUrl("http://127.0.0.1:3000");
    const policy = pageContentSecurityPolicy("n0nce");
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src")) ?? "";
    const hash = createHash("sha256").update(BEFORE_PAINT_SCRIPT).digest("base64");
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-n0nce' 'sha256-${hash}' 'strict-dynamic'`);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it("API answers get no-store unless they chose a Cache-Control, also for redirects with immutable headers", () => {
    withBaseUrl("http://127.0.0.1:3000");
    expect(withApiSecurityHeaders(Response.json({})).headers.get("cache-control")).toBe("no-store");
    const chosen = new Response("{}", { headers: { "Cache-Control": "public, max-age=300" } });
    expect(withApiSecurityHeaders(chosen).headers.get("cache-control")).toBe("public, max-age=300");
    const redirect = withApiSecurityHeaders(Response.redirect("http://127.0.0.1:3000/", 302));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("x-frame-options")).toBe("DENY");
    expect(redirect.headers.get("location")).toBe("http://127.0.0.1:3000/");
  });
});
