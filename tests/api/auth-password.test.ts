import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResetTokens } from "@/lib/db/schema";
import { testDb } from "../support/factories";
import { extractResetToken, extractResetUrl, readOutbox, waitForMail } from "../support/outbox";
import { Browser, issueMessages, outboxDir, signUp } from "./auth-support";

const resetMails = async (email: string) =>
  (await readOutbox(outboxDir())).filter((m) => m.to === email && m.kind === "password-reset");

describe("PATCH /api/v1/auth/updatePassword", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const other = new Browser();
    await other.call("/api/v1/auth/login", { json: { email: fields.email, password: fields.password } });
    const result = await browser.call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: {
        currentPassword: fields.password,
        newPassword: "a brand new secret",
        confirmPassword: "a brand new secret",
      },
    });
    expect(result.status).toBe(200);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(200);
    expect((await other.call("/api/v1/auth/me")).status).toBe(403);
    const oldLogin = await new Browser().call("/api/v1/auth/login", {
      json: { email: fields.email, password: fields.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await new Browser().call("/api/v1/auth/login", {
      json: { email: fields.email, password: "a brand new secret" },
    });
    expect(newLogin.status).toBe(200);
  });

  it("refuses a wrong current password, a short or unmatched new one, and visitors", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const wrong = await browser.call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: { currentPassword: "not my password", newPassword: "a brand new secret" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorMessage).toBe("Current password is incorrect.");
    const short = await browser.call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: { currentPassword: fields.password, newPassword: "short" },
    });
    expect(issueMessages(short.body)).toContain("Password must be at least 8 characters long");
    const unmatched = await browser.call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: {
        currentPassword: fields.password,
        newPassword: "long enough one",
        confirmPassword: "long enough two",
      },
    });
    expect(issueMessages(unmatched.body)).toContain("Passwords must match");
    const visitor = await new Browser().call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: { currentPassword: fields.password, newPassword: "a brand new secret" },
    });
    expect(visitor.status).toBe(401);
  });

  it("limits wrong current passwords (429)", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    for (let i = 0; i < 10; i += 1) {
      const attempt = await browser.call("/api/v1/auth/updatePassword", {
        method: "PATCH",
        json: { currentPassword: `guess number ${i}`, newPassword: "a brand new secret" },
      });
      expect(attempt.status).toBe(400);
    }
    const blocked = await browser.call("/api/v1/auth/updatePassword", {
      method: "PATCH",
      json: { currentPassword: fields.password, newPassword: "a brand new secret" },
    });
    expect(blocked.status).toBe(429);
  });
});

describe("PATCH /api/v1/auth/updateUserPassword", () => {
  it("needs the current password when the account has one", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const without = await browser.call("/api/v1/auth/updateUserPassword", {
      method: "PATCH",
      json: { newPassword: "a brand new secret" },
    });
    expect(without.status).toBe(400);
    expect(without.body.errorMessage).toBe("Current password is incorrect.");
    const withIt = await browser.call("/api/v1/auth/updateUserPassword", {
      method: "PATCH",
      json: { currentPassword: fields.password, newPassword: "a brand new secret" },
    });
    expect(withIt.status).toBe(200);
  });
});

describe("password reset", () => {
  it("mails a single-use link that sets a new password and ends every session", async () => {
    const browser = new Browser();
    const { fields } = await signUp(browser);
    const requested = await new Browser().call("/api/v1/auth/sendPasswordResetEmail", {
      json: { email: fields.email },
    });
    expect(requested.status).toBe(200);
    const mail = await waitForMail(outboxDir(), (m) => m.to === fields.email && m.kind === "password-reset");
    expect(extractResetUrl(mail)).toContain("/resetPassword?resetToken=");
    const token = extractResetToken(mail);
    const stored = await testDb().select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const reset = await new Browser().call("/api/v1/auth/resetPassword", {
      json: { token, password: "reset to this one", confirmPassword: "reset to this one" },
    });
    expect(reset.status).toBe(200);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(403);
    const login = await new Browser().call("/api/v1/auth/login", {
      json: { email: fields.email, password: "reset to this one" },
    });
    expect(login.status).toBe(200);

    const again = await new Browser().call("/api/v1/auth/resetPassword", {
      json: { token, password: "and once more please" },
    });
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe("This reset link is invalid or has expired.");
  });

  it("refuses an expired token and validates the new password", async () => {
    const { fields, user } = await signUp(new Browser());
    await new Browser().call("/api/v1/auth/sendPasswordResetEmail", { json: { email: fields.email } });
    const token = extractResetToken(
      await waitForMail(outboxDir(), (m) => m.to === fields.email && m.kind === "password-reset"),
    );
    const short = await new Browser().call("/api/v1/auth/resetPassword", {
      json: { token, password: "short" },
    });
    expect(issueMessages(short.body)).toContain("Password must be at least 8 characters long");
    const unmatched = await new Browser().call("/api/v1/auth/resetPassword", {
      json: { token, password: "long enough one", confirmPassword: "long enough two" },
    });
    expect(issueMessages(unmatched.body)).toContain("Passwords must match");
    await testDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user._id));
    const expired = await new Browser().call("/api/v1/auth/resetPassword", {
      json: { token, password: "long enough one" },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.errorMessage).toBe("This reset link is invalid or has expired.");
  });

  it("answers identically whether or not the address exists, and sends nothing for an unknown one", async () => {
    const { fields } = await signUp(new Browser());
    const known = await new Browser().call("/api/v1/auth/sendPasswordResetEmail", {
      json: { email: fields.email },
    });
    const unknownAddress = `nobody-${Date.now()}@example.com`;
    const unknown = await new Browser().call("/api/v1/auth/sendPasswordResetEmail", {
      json: { email: unknownAddress },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await resetMails(unknownAddress)).toEqual([]);
    const invalid = await new Browser().call("/api/v1/auth/sendPasswordResetEmail", {
      json: { email: "nope" },
    });
    expect(invalid.status).toBe(400);
    expect(issueMessages(invalid.body)).toContain("Please enter a valid email address");
  });

  it("limits reset mails per address (429)", async () => {
    const { fields } = await signUp(new Browser());
    for (let i = 0; i < 3; i += 1) {
      const sent = await new Browser().call("/api/v1/auth/sendPasswordResetEmail", {
        json: { email: fields.email },
      });
      expect(sent.status).toBe(200);
    }
    const blocked = await new Browser().call("/api/v1/auth/sendPasswordResetEmail", {
      json: { email: fields.email },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorMessage).toBe(
      "Too many password reset requests for this address. Please try again in an hour.",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await resetMails(fields.email)).length).toBe(3);
  });
});
