import { eq } from "drizzle-orm";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sessions, users } from "@/lib/db/schema";
import type { SessionUser } from "@/lib/validation/session";
import { testDb } from "../support/factories";
import { Browser, issueMessages, signUp, signUpVerified, signupForm } from "./auth-support";

describe("POST /api/v1/auth/register", () => {
  it("creates an unverified account, signs it in with httpOnly SameSite=Lax cookies and mails a code", async () => {
    const browser = new Browser();
    const { form, fields, variantIds } = await signupForm();
    const result = await browser.call<{ user: SessionUser }>("/api/v1/auth/register", { form });
    expect(result.status).toBe(201);
    const user = result.body.data.user;
    expect(user).toMatchObject({
      username: fields.username,
      email: fields.email,
      firstname: "Ada",
      isVerified: false,
      isUserSignupComplete: true,
      authProvider: "email",
      privacy: { email: true, firstname: true, lastname: true, website: true },
    });
    expect(user.ownedMachines.map((machine) => machine._id).sort()).toEqual([...variantIds].sort());
    const setCookies = result.headers.getSetCookie();
    for (const name of ["access_token", "refresh_token"]) {
      const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Lax/);
    }
    const [row] = await testDb().select().from(users).where(eq(users.id, user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await browser.call<{ user: SessionUser }>("/api/v1/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.data.user._id).toBe(user._id);
  });

  it("answers every section 5 sign-up message", async () => {
    const browser = new Browser();
    const form = new FormData();
    form.append("username", "");
    form.append("firstname", " ");
    form.append("lastname", "");
    form.append("email", "not-an-email");
    form.append("password", "short");
    form.append("confirmPassword", "different");
    const result = await browser.call("/api/v1/auth/register", { form });
    expect(result.status).toBe(400);
    expect(issueMessages(result.body)).toEqual(
      expect.arrayContaining([
        "Username is required",
        "Firstname is required",
        "Lastname is required",
        "Please enter a valid email address",
        "Password must be at least 8 characters long",
        "CNC Brand is required",
        "At least one CNC Model is required",
        "At least one CNC Variant is required",
      ]),
    );
    const mismatch = await signupForm({ confirmPassword: "something else entirely" });
    const second = await browser.call("/api/v1/auth/register", { form: mismatch.form });
    expect(second.status).toBe(400);
    expect(issueMessages(second.body)).toContain("Passwords must match");
    const noEmail = await signupForm({ email: "" });
    const third = await browser.call("/api/v1/auth/register", { form: noEmail.form });
    expect(issueMessages(third.body)).toContain("Email is required");
  });

  it.each([
    ["abc", "Username must be at least 4 characters long"],
    ["abcdefghijklmnop", "Username must not exceed 15 characters"],
    ["abc-def", "Username can only contain letters, numbers, and underscores"],
    ["1abcdef", "Username must start with a letter"],
    ["abc__def", "Username cannot contain consecutive underscores"],
    ["abc def", "Username cannot contain spaces or other whitespace characters"],
  ])("refuses the username %j with %j", async (username, message) => {
    const { form } = await signupForm({ username });
    const result = await new Browser().call("/api/v1/auth/register", { form });
    expect(result.status).toBe(400);
    expect(issueMessages(result.body)).toContain(message);
  });

  it.each(["signup", "Model", "project", "files", "privacyPolicy", "admin", "login"])(
    "refuses the reserved username %s",
    async (username) => {
      const { form } = await signupForm({ username });
      const result = await new Browser().call("/api/v1/auth/register", { form });
      expect(result.status).toBe(400);
      expect(result.body.errorMessage).toBe("This username is not available.");
    },
  );

  it("refuses a taken username or e-mail (case-insensitive) with 409", async () => {
    const first = await signUp(new Browser());
    const sameName = await signupForm({ username: first.fields.username.toUpperCase() });
    const byName = await new Browser().call("/api/v1/auth/register", { form: sameName.form });
    expect(byName.status).toBe(409);
    expect(byName.body.errorMessage).toBe("This username is already taken.");
    const sameEmail = await signupForm({ email: first.fields.email.toUpperCase() });
    const byEmail = await new Browser().call("/api/v1/auth/register", { form: sameEmail.form });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.errorMessage).toBe("An account with this email already exists.");
  });

  it("refuses a cross-site sign-up", async () => {
    const { form } = await signupForm();
    const result = await new Browser().call("/api/v1/auth/register", {
      form,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(result.status).toBe(403);
  });
});

describe("POST /api/v1/auth/login", () => {
  it("signs in with the right password and starts a new session each time", async () => {
    const { fields, user } = await signUp(new Browser());
    const browser = new Browser();
    const first = await browser.call<{ user: SessionUser }>("/api/v1/auth/login", {
      json: { email: fields.email.toUpperCase(), password: fields.password },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.user._id).toBe(user._id);
    const firstRefresh = browser.cookies.get("refresh_token");
    const again = await browser.call("/api/v1/auth/login", {
      json: { email: fields.email, password: fields.password },
    });
    expect(again.status).toBe(200);
    expect(browser.cookies.get("refresh_token")).not.toBe(firstRefresh);
    const families = await testDb()
      .selectDistinct({ familyId: sessions.familyId })
      .from(sessions)
      .where(eq(sessions.userId, user._id));
    expect(families.length).toBe(3); // register, login, login again
  });

  it("answers the same 401 for a wrong password and an unknown address", async () => {
    const { fields } = await signUp(new Browser());
    const wrong = await new Browser().call("/api/v1/auth/login", {
      json: { email: fields.email, password: "wrong password!" },
    });
    const unknown = await new Browser().call("/api/v1/auth/login", {
      json: { email: "nobody-here@example.com", password: "wrong password!" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.errorMessage).toBe("Invalid email or password.");
    expect(unknown.body.errorMessage).toBe(wrong.body.errorMessage);
  });

  it("answers the section 5 login messages", async () => {
    const browser = new Browser();
    const empty = await browser.call("/api/v1/auth/login", { json: { email: "", password: "" } });
    expect(empty.status).toBe(400);
    expect(issueMessages(empty.body)).toEqual(
      expect.arrayContaining(["Email is required", "Password must be at least 8 characters long"]),
    );
    const bad = await browser.call("/api/v1/auth/login", { json: { email: "nope", password: "12345678" } });
    expect(issueMessages(bad.body)).toContain("Please enter a valid email address");
  });

  it("limits failed logins per account (429) even from many addresses, while the right password still cannot pass", async () => {
    const { fields } = await signUp(new Browser());
    for (let i = 0; i < 10; i += 1) {
      const attempt = await new Browser().call("/api/v1/auth/login", {
        json: { email: fields.email, password: `wrong password ${i}` },
      });
      expect(attempt.status).toBe(401);
    }
    const blocked = await new Browser().call("/api/v1/auth/login", {
      json: { email: fields.email, password: fields.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorMessage).toBe(
      "Too many failed login attempts for this account. Please try again in 15 minutes.",
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits login attempts per IP address (429)", async () => {
    const browser = new Browser();
    let last = 0;
    for (let i = 0; i < 51; i += 1) {
      const attempt = await browser.call("/api/v1/auth/login", {
        json: { email: `ip-limit-${i}@example.com`, password: "whatever123" },
      });
      last = attempt.status;
      if (i < 50) expect(attempt.status).toBe(401);
    }
    expect(last).toBe(429);
  });
});

describe("GET /api/v1/auth/me", () => {
  it("answers 401 without a session and 403 with only a refresh token", async () => {
    const none = await new Browser().call("/api/v1/auth/me");
    expect(none.status).toBe(401);
    const browser = new Browser();
    await signUp(browser);
    browser.cookies.delete("access_token");
    const expired = await browser.call("/api/v1/auth/me");
    expect(expired.status).toBe(403);
  });
});

describe("POST /api/v1/auth/refresh", () => {
  it("rotates the refresh token every time and revokes the family when an old one is reused", async () => {
    const browser = new Browser();
    await signUp(browser);
    const original = browser.cookies.get("refresh_token")!;
    const first = await browser.call("/api/v1/auth/refresh", { method: "POST" });
    expect(first.status).toBe(200);
    const rotated = browser.cookies.get("refresh_token")!;
    expect(rotated).not.toBe(original);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(200);

    // An attacker replays the stolen original token after the 10 s grace window (ADR 012; the
    // rotation is dated back instead of waiting): the whole family is revoked.
    await testDb()
      .update(sessions)
      .set({ rotatedAt: new Date(Date.now() - 11_000) })
      .where(eq(sessions.tokenHash, createHash("sha256").update(original).digest("hex")));
    const attacker = new Browser();
    attacker.cookies.set("refresh_token", original);
    const replay = await attacker.call("/api/v1/auth/refresh", { method: "POST" });
    expect(replay.status).toBe(401);
    expect(replay.body.errorMessage).toBe("Your session has ended. Please log in again.");

    // The legitimate browser's newer tokens die with the family, access token included.
    const afterReuse = await browser.call("/api/v1/auth/refresh", { method: "POST" });
    expect(afterReuse.status).toBe(401);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(401);
  });

  it("answers 401 without a refresh token", async () => {
    const result = await new Browser().call("/api/v1/auth/refresh", { method: "POST" });
    expect(result.status).toBe(401);
  });

  it("is refused cross-site", async () => {
    const browser = new Browser();
    await signUp(browser);
    const result = await browser.call("/api/v1/auth/refresh", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(result.status).toBe(403);
  });
});

describe("GET /api/v1/auth/logout", () => {
  it("revokes the session on the server: the old tokens stop working", async () => {
    const browser = new Browser();
    await signUp(browser);
    const stolen = new Browser();
    stolen.cookies.set("access_token", browser.cookies.get("access_token")!);
    stolen.cookies.set("refresh_token", browser.cookies.get("refresh_token")!);
    const result = await browser.call("/api/v1/auth/logout");
    expect(result.status).toBe(200);
    expect(browser.cookies.size).toBe(0);
    expect((await stolen.call("/api/v1/auth/me")).status).toBe(403);
    expect((await stolen.call("/api/v1/auth/refresh", { method: "POST" })).status).toBe(401);
  });

  it("cannot be triggered cross-site", async () => {
    const browser = new Browser();
    await signUpVerified(browser);
    const result = await browser.call("/api/v1/auth/logout", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(result.status).toBe(403);
    expect((await browser.call("/api/v1/auth/me")).status).toBe(200);
    const noOrigin = await browser.call("/api/v1/auth/logout", {
      headers: { "sec-fetch-site": "same-site" },
    });
    expect(noOrigin.status).toBe(403);
  });
});
