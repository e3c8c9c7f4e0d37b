import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { GoogleIdentity } from "@/lib/auth/google";
import { db } from "@/lib/db/client";
import { oauthAccounts, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { findUserIdByEmail } from "./accounts";

export const GOOGLE_EMAIL_UNVERIFIED = "Your Google e-mail address is not verified.";
export const GOOGLE_EMAIL_IN_USE =
  "An account with this email already exists. Log in with your email and password.";

/**
 * The account of a Google identity: the one linked to its subject, else a new account (verified:
 * Google vouches for the address; signup incomplete until the profile is filled in). An existing
 * account with the same address is never linked on the address alone: that would hand it to
 * whoever controls a Google account claiming that address.
 */
export async function signInWithGoogle(
  identity: GoogleIdentity,
): Promise<{ userId: string; isUserSignupComplete: boolean }> {
  const [linked] = await db()
    .select({ userId: oauthAccounts.userId, isUserSignupComplete: users.isUserSignupComplete })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, "google"), eq(oauthAccounts.providerAccountId, identity.subject)))
    .limit(1);
  if (linked) return linked;
  if (!identity.emailVerified) throw new AppError("FORBIDDEN", GOOGLE_EMAIL_UNVERIFIED);
  if (await findUserIdByEmail(identity.email)) throw new AppError("CONFLICT", GOOGLE_EMAIL_IN_USE);

  const userId = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        // A placeholder until completeUserSignup; valid by the username rules and never reserved.
        username: `g_${randomBytes(6).toString("hex")}`,
        email: identity.email,
        passwordHash: null,
        firstname: identity.givenName.slice(0, 50),
        lastname: identity.familyName.slice(0, 50),
        profilePicture: identity.picture,
        authProvider: "google",
        isVerified: true,
        isUserSignupComplete: false,
      })
      .returning({ id: users.id });
    if (!row) throw new Error("insert returned no row");
    await tx.insert(oauthAccounts).values({
      provider: "google",
      providerAccountId: identity.subject,
      userId: row.id,
      email: identity.email,
    });
    return row.id;
  });
  return { userId, isUserSignupComplete: false };
}
