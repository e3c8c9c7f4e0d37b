import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { attachments } from "@/lib/db/schema";
import { testDb } from "../support/factories";
import { accessTokenFor, createProject } from "../support/factories-project";
import { api } from "../support/http";
import { Browser, signUpVerified } from "../api/auth-support";

// The spec's state-changing GETs keep their paths but answer only the app's own
// client (X-Requested-With: cnc-projects), never a navigation (a link click, even inside the site).
const MARKER = { "x-requested-with": "cnc-projects" };
const SAME_ORIGIN_LINK = {
  "sec-fetch-site": "same-origin",
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
};
const CLIENT_FETCH = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };

async function attachmentExists(id: string): Promise<boolean> {
  return (await testDb().select().from(attachments).where(eq(attachments.id, id))).length === 1;
}

describe("GET /api/v1/attachment/deleteAttachment/{id}", () => {
  it("refuses the owner's same-origin link click and a call without the marker; nothing is deleted", async () => {
    const { owner, model } = await createProject();
    const cookie = `access_token=${await accessTokenFor(owner.id)}`;
    const path = `/api/v1/attachment/deleteAttachment/${model.id}`;
    for (const headers of [SAME_ORIGIN_LINK, { ...SAME_ORIGIN_LINK, ...MARKER }, CLIENT_FETCH, {}]) {
      const result = await api(path, { headers: { cookie, ...headers } });
      expect(result.status, JSON.stringify(headers)).toBe(403);
      expect(await attachmentExists(model.id)).toBe(true);
    }
    const byClient = await api(path, {
      headers: { cookie, ...CLIENT_FETCH, ...MARKER, origin: inject("baseUrl") },
    });
    expect(byClient.status).toBe(200);
    expect(await attachmentExists(model.id)).toBe(false);
  });
});

describe("GET /api/v1/auth/logout and getVerificationOtp", () => {
  it("a logout link (navigation) leaves the session alive; the client's call ends it", async () => {
    const browser = new Browser();
    await signUpVerified(browser);
    const link = await browser.call("/api/v1/auth/logout", {
      headers: { ...SAME_ORIGIN_LINK, "x-requested-with": "" },
    });
    expect(link.status).toBe(403);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(200);
    const client = await browser.call("/api/v1/auth/logout", { headers: CLIENT_FETCH });
    expect(client.status).toBe(200);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(401);
  });

  it("resending the OTP needs the client marker", async () => {
    const browser = new Browser();
    await signUpVerified(browser);
    const withoutMarker = await browser.call("/api/v1/auth/getVerificationOtp", {
      headers: { "x-requested-with": "" },
    });
    expect(withoutMarker.status).toBe(403);
  });
});
