import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { oauthAccounts, users } from "@/lib/db/schema";
import type { SessionUser } from "@/lib/validation/session";
import { testDb, unique } from "../support/factories";
import { Browser, signUp } from "./auth-support";
import type * as GoogleSignIn from "@/lib/services/auth/google-sign-in";

// Google's token endpoint cannot be reached from the tests, so the account rules behind the
// callback (lib/services/auth/google-sign-in.ts) run here in-process against the suite's database.
type SignIn = typeof GoogleSignIn;
let service: SignIn;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.AUTH_SECRET = "api-test-secret-api-test-secret-0123456789";
  service = await import("@/lib/services/auth/google-sign-in");
});

const identity = (overrides: Partial<Parameters<SignIn["signInWithGoogle"]>[0]> = {}) => ({
  subject: unique("sub-"),
  email: `google-${unique()}@example.com`,
  emailVerified: true,
  givenName: "Gia",
  familyName: "Goo",
  picture: null,
  ...overrides,
});

describe("Google sign-in account rules", () => {
  it("creates a verified account whose sign-up is incomplete, and finds it again by subject", async () => {
    const person = identity();
    const first = await service.signInWithGoogle(person);
    expect(first.isUserSignupComplete).toBe(false);
    const [row] = await testDb().select().from(users).where(eq(users.id, first.userId));
    expect(row).toMatchObject({
      email: person.email,
      authProvider: "google",
      passwordHash: null,
      isVerified: true,
      isUserSignupComplete: false,
    });
    const again = await service.signInWithGoogle({ ...person, email: "whatever@example.com" });
    expect(again.userId).toBe(first.userId);
  });

  it("refuses an unverified Google e-mail", async () => {
    await expect(service.signInWithGoogle(identity({ emailVerified: false }))).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Your Google e-mail address is not verified.",
    });
  });

  it("never links to an existing password account by matching e-mail", async () => {
    const browser = new Browser();
    const { fields, user } = await signUp(browser);
    const person = identity({ email: fields.email.toUpperCase() });
    await expect(service.signInWithGoogle(person)).rejects.toMatchObject({ code: "CONFLICT" });
    const links = await testDb().select().from(oauthAccounts).where(eq(oauthAccounts.userId, user._id));
    expect(links).toEqual([]);
    const me = await browser.call<{ user: SessionUser }>("/api/v1/auth/me");
    expect(me.body.data.user.authProvider).toBe("email");
  });
});
