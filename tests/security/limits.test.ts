import { describe, expect, it } from "vitest";
import { createUser } from "../support/factories";
import { ownApp } from "../support/own-app";
import { Browser, latestOtp, signUp } from "../api/auth-support";

// The matrix's limits: OTP tries per code (concurrent guesses included),
// login limits per account and per IP, and X-Forwarded-For believed only from TRUSTED_PROXIES.

describe("OTP tries", () => {
  it("14 concurrent wrong guesses: at most 5 are compared, the rest and then the right code get 429", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const otp = await latestOtp(fields.email);
    const wrong = otp === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const results = await Promise.all(
      Array.from({ length: 14 }, () => browser.call("/api/v1/auth/validateOtp", { json: { otp: wrong } })),
    );
    const compared = results.filter((result) => result.status === 400);
    const refused = results.filter((result) => result.status === 429);
    expect(compared.length).toBe(5);
    expect(refused.length).toBe(9);
    const right = await browser.call("/api/v1/auth/validateOtp", { json: { otp } });
    expect(right.status).toBe(429);
    expect(right.body.errorMessage).toBe("Too many wrong codes. Please request a new code.");
  });
});

describe("login limits", () => {
  it("per account: 10 failures lock the account for everyone, whatever the address", async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i += 1) {
      const attempt = await new Browser().call("/api/v1/auth/login", {
        json: { email: user.email, password: `wrong password ${i}` },
      });
      expect(attempt.status).toBe(401);
    }
    const locked = await new Browser().call("/api/v1/auth/login", {
      json: { email: user.email, password: "wrong again" },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessage).toBe(
      "Too many failed login attempts for this account. Please try again in 15 minutes.",
    );
  });
});

describe("per-IP limits with no trusted proxy (the default)", () => {
  // A server of its own without TRUSTED_PROXIES: its clients' X-Forwarded-For must be ignored.
  const app = ownApp("limits", { TRUSTED_PROXIES: "" });

  it("a new X-Forwarded-For per request does not escape the per-IP login limit (50 per 15 minutes)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 52; i += 1) {
      const response = await fetch(`${app.baseUrl}/api/v1/auth/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: app.baseUrl,
          "x-forwarded-for": `198.51.${Math.floor(i / 250)}.${i % 250}`,
          "x-cnc-remote-address": `203.0.113.${i % 250}`,
        },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: "whatever it is" }),
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });
});
