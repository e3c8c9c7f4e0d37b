import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "@/lib/db/schema";
import { testDb } from "../support/factories";
import { Browser, signUp } from "../api/auth-support";

// ADR 012: concurrent refreshes with one cookie (tabs) all succeed with the same
// successor and the session stays valid; a rotated token presented after the 10 s window is reuse.
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

async function concurrentRefreshes(count: number) {
  const browser = new Browser();
  await signUp(browser);
  const token = browser.cookies.get("refresh_token")!;
  const tabs = Array.from({ length: count }, () => {
    const tab = new Browser();
    tab.cookies.set("refresh_token", token);
    return tab;
  });
  const results = await Promise.all(tabs.map((tab) => tab.call("/api/v1/auth/refresh", { method: "POST" })));
  return { browser, token, tabs, results };
}

describe("refresh rotation with a grace window", () => {
  for (const count of [2, 5]) {
    it(`${count} concurrent refreshes with one token all succeed with one successor, and the session stays valid`, async () => {
      const { token, tabs, results } = await concurrentRefreshes(count);
      expect(results.map((result) => result.status)).toEqual(Array(count).fill(200));
      const successors = new Set(tabs.map((tab) => tab.cookies.get("refresh_token")));
      expect(successors.size).toBe(1);
      expect(successors.has(token)).toBe(false);
      for (const tab of tabs) expect((await tab.call("/api/v1/auth/me")).status).toBe(200);
      // The successor rotates on as usual.
      const next = await tabs[0]!.call("/api/v1/auth/refresh", { method: "POST" });
      expect(next.status).toBe(200);
      expect((await tabs[0]!.call("/api/v1/auth/me")).status).toBe(200);
    });
  }

  it("a rotated token presented after the window is reuse and revokes the family", async () => {
    const { token, tabs } = await concurrentRefreshes(2);
    await testDb()
      .update(sessions)
      .set({ rotatedAt: new Date(Date.now() - 11_000) })
      .where(eq(sessions.tokenHash, hash(token)));
    const thief = new Browser();
    thief.cookies.set("refresh_token", token);
    expect((await thief.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
    // The family is revoked: its access token is refused (403) and its refresh token too (401).
    expect((await tabs[0]!.call("/api/v1/auth/me")).status).toBe(403);
    expect((await tabs[0]!.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
  });

  it("a rotated token whose successor has moved on is reuse even inside the window", async () => {
    const { token, tabs } = await concurrentRefreshes(1);
    expect((await tabs[0]!.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(200);
    const thief = new Browser();
    thief.cookies.set("refresh_token", token);
    expect((await thief.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
    expect((await tabs[0]!.call("/api/v1/auth/me")).status).toBe(403);
    expect((await tabs[0]!.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
  });

  it("logout ends the family: the just-rotated token gets no successor", async () => {
    const { token, tabs } = await concurrentRefreshes(1);
    expect((await tabs[0]!.call("/api/v1/auth/logout")).status).toBe(200);
    const late = new Browser();
    late.cookies.set("refresh_token", token);
    expect((await late.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
  });
});
