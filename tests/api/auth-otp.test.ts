import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { otpCodes } from "@/lib/db/schema";
import type { SessionUser } from "@/lib/validation/session";
import { testDb } from "../support/factories";
import { readOutbox } from "../support/outbox";
import { Browser, issueMessages, latestOtp, outboxDir, signUp, signUpVerified } from "./auth-support";

const wrongCode = (code: string) => (code === "AAAAAA" ? "BBBBBB" : "AAAAAA");

/** Moves every stored send time of the user back, as if `seconds` had passed. */
async function ageCodes(userId: string, seconds: number) {
  const rows = await testDb().select().from(otpCodes).where(eq(otpCodes.userId, userId));
  for (const row of rows) {
    await testDb()
      .update(otpCodes)
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where(eq(otpCodes.id, row.id));
  }
}

describe("POST /api/v1/auth/validateOtp", () => {
  it("verifies the account with the mailed code, once", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const otp = await latestOtp(fields.email);
    const result = await browser.call<{ user: SessionUser }>("/api/v1/auth/validateOtp", {
      json: { otp: otp.toLowerCase() },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.user.isVerified).toBe(true);
    const me = await browser.call<{ user: SessionUser }>("/api/v1/auth/me");
    expect(me.body.data.user.isVerified).toBe(true);
  });

  it("answers the section 5 message for a short code", async () => {
    const browser = new Browser();
    await signUp(browser);
    const result = await browser.call("/api/v1/auth/validateOtp", { json: { otp: "12345" } });
    expect(result.status).toBe(400);
    expect(issueMessages(result.body)).toEqual(["Your verification code must be 6 characters."]);
  });

  it("needs a session", async () => {
    const result = await new Browser().call("/api/v1/auth/validateOtp", { json: { otp: "ABCDEF" } });
    expect(result.status).toBe(401);
  });

  it("allows 5 wrong tries per code, then 429 even for the right code", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const otp = await latestOtp(fields.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await browser.call("/api/v1/auth/validateOtp", { json: { otp: wrongCode(otp) } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errorMessage).toBe("Invalid verification code.");
    }
    const locked = await browser.call("/api/v1/auth/validateOtp", { json: { otp } });
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toBe("Too many wrong codes. Please request a new code.");
  });

  it("refuses an expired code", async () => {
    const browser = new Browser();
    const { fields, user } = await signUp(browser);
    const otp = await latestOtp(fields.email);
    await testDb()
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, user._id));
    const result = await browser.call("/api/v1/auth/validateOtp", { json: { otp } });
    expect(result.status).toBe(400);
    expect(result.body.errorMessage).toBe("This verification code has expired. Please request a new one.");
  });
});

describe("GET /api/v1/auth/getVerificationOtp", () => {
  it("enforces the cooldown: 30 s after the first send, then 30 x 2^count, doubled after a quick resend", async () => {
    const browser = new Browser();
    const { fields, user } = await signUp(browser);
    const firstCode = await latestOtp(fields.email);

    const tooSoon = await browser.call("/api/v1/auth/getVerificationOtp");
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(25);
    expect(Number(tooSoon.headers.get("retry-after"))).toBeLessThanOrEqual(30);

    await ageCodes(user._id, 31);
    const resent = await browser.call<{ resendCount: number; nextResendInSeconds: number }>(
      "/api/v1/auth/getVerificationOtp",
    );
    expect(resent.status).toBe(200);
    expect(resent.body.data).toEqual({ resendCount: 1, nextResendInSeconds: 60 });
    const secondCode = await latestOtp(fields.email);
    const mails = (await readOutbox(outboxDir())).filter((m) => m.to === fields.email && m.kind === "otp");
    expect(mails.length).toBe(2);

    // The older code no longer works; the new one does.
    if (secondCode !== firstCode) {
      const old = await browser.call("/api/v1/auth/validateOtp", { json: { otp: firstCode } });
      expect(old.status).toBe(400);
    }

    await ageCodes(user._id, 61);
    const third = await browser.call<{ resendCount: number; nextResendInSeconds: number }>(
      "/api/v1/auth/getVerificationOtp",
    );
    expect(third.body.data).toEqual({ resendCount: 2, nextResendInSeconds: 120 });

    // After 900 s of quiet the count starts over.
    await ageCodes(user._id, 901);
    const reset = await browser.call<{ resendCount: number; nextResendInSeconds: number }>(
      "/api/v1/auth/getVerificationOtp",
    );
    expect(reset.body.data).toEqual({ resendCount: 0, nextResendInSeconds: 30 });

    const ok = await browser.call("/api/v1/auth/validateOtp", {
      json: { otp: await latestOtp(fields.email) },
    });
    expect(ok.status).toBe(200);
  });

  it("cannot be triggered cross-site", async () => {
    const browser = new Browser();
    const { user } = await signUp(browser);
    await ageCodes(user._id, 31);
    const result = await browser.call("/api/v1/auth/getVerificationOtp", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(result.status).toBe(403);
  });

  it("answers 409 for a verified account and 401 without a session", async () => {
    const browser = new Browser();
    await signUpVerified(browser);
    const verified = await browser.call("/api/v1/auth/getVerificationOtp");
    expect(verified.status).toBe(409);
    expect(verified.body.errorMessage).toBe("Your account is already verified.");
    expect((await new Browser().call("/api/v1/auth/getVerificationOtp")).status).toBe(401);
  });
});
