import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { isReservedUsername } from "@/lib/auth/reserved-usernames";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertWithinLimit, consumeLimit, LIMITS, recordFailure, resetLimit } from "@/lib/rate-limit";
import { assertVariantsExist, insertOwnedMachines } from "@/lib/services/users/machines";
import { storeProfilePicture } from "@/lib/services/users/profile-picture";
import type { completeUserSignupSchema, registerSchema } from "@/lib/validation/auth";
import { sendFirstOtp } from "./otp";
import { uniqueViolation } from "./unique-violation";

export type RegisterInput = z.output<typeof registerSchema>;
export type CompleteSignupInput = z.output<typeof completeUserSignupSchema>;

export const USERNAME_TAKEN = "This username is already taken.";
export const USERNAME_RESERVED = "This username is not available.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const INVALID_CREDENTIALS = "Invalid email or password.";

/** Free for this user: not reserved and not used by anyone else (case-insensitive). */
export async function isUsernameAvailable(username: string, exceptUserId?: string): Promise<boolean> {
  if (isReservedUsername(username)) return false;
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.trim().toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row === undefined;
}

async function assertUsernameFree(username: string, exceptUserId?: string): Promise<void> {
  if (isReservedUsername(username)) {
    throw new AppError("VALIDATION", USERNAME_RESERVED, {
      issues: [{ path: "username", message: USERNAME_RESERVED }],
    });
  }
  if (!(await isUsernameAvailable(username, exceptUserId))) {
    throw new AppError("CONFLICT", USERNAME_TAKEN, {
      issues: [{ path: "username", message: USERNAME_TAKEN }],
    });
  }
}

function conflictFrom(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === null) throw error;
  if (constraint.includes("email")) {
    throw new AppError("CONFLICT", EMAIL_TAKEN, { issues: [{ path: "email", message: EMAIL_TAKEN }] });
  }
  throw new AppError("CONFLICT", USERNAME_TAKEN, { issues: [{ path: "username", message: USERNAME_TAKEN }] });
}

export async function findUserIdByEmail(email: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/** POST /api/v1/auth/register: an unverified e-mail account; the first code is mailed. */
export async function register(input: RegisterInput, ip: string): Promise<{ userId: string }> {
  await consumeLimit(LIMITS.registerPerIp, ip);
  await assertUsernameFree(input.username);
  if (await findUserIdByEmail(input.email)) {
    throw new AppError("CONFLICT", EMAIL_TAKEN, { issues: [{ path: "email", message: EMAIL_TAKEN }] });
  }
  const variantIds = await assertVariantsExist(input.cncVariant);
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          firstname: input.firstname,
          lastname: input.lastname,
          profilePicture: typeof input.profilePicture === "string" ? input.profilePicture : null,
          authProvider: "email",
          isVerified: false,
          isUserSignupComplete: true,
          locatedAt: input.locatedAt || null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error("insert returned no row");
      await insertOwnedMachines(row.id, variantIds, tx);
      return row.id;
    });
  } catch (error) {
    conflictFrom(error);
  }
  if (input.profilePicture instanceof File) {
    const url = await storeProfilePicture(userId, input.profilePicture);
    await db().update(users).set({ profilePicture: url }).where(eq(users.id, userId));
  }
  const [created] = await db()
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (created) await sendFirstOtp(created);
  return { userId };
}

/**
 * POST /api/v1/auth/completeUserSignup: an external-provider (Google) account chooses its username,
 * names and machines. No password and no e-mail change here.
 */
export async function completeUserSignup(userId: string, input: CompleteSignupInput): Promise<void> {
  const [user] = await db()
    .select({ isUserSignupComplete: users.isUserSignupComplete })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  if (user.isUserSignupComplete) throw new AppError("CONFLICT", "Your sign-up is already complete.");
  await assertUsernameFree(input.username, userId);
  const variantIds = await assertVariantsExist(input.cncVariant);
  const profilePicture =
    input.profilePicture instanceof File
      ? await storeProfilePicture(userId, input.profilePicture)
      : input.profilePicture;
  try {
    await db().transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          username: input.username,
          firstname: input.firstname,
          lastname: input.lastname,
          ...(profilePicture ? { profilePicture } : {}),
          locatedAt: input.locatedAt || null,
          isUserSignupComplete: true,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      await insertOwnedMachines(userId, variantIds, tx);
    });
  } catch (error) {
    conflictFrom(error);
  }
}

/**
 * POST /api/v1/auth/login. Limits: every attempt counts per IP; failures count per account (the
 * address, whether or not it exists, so the answer reveals nothing) and a success clears them.
 * The password is checked even for unknown addresses' dummy hash, keeping timing alike.
 */
export async function login(email: string, password: string, ip: string): Promise<{ userId: string }> {
  const accountKey = email.trim().toLowerCase();
  await consumeLimit(LIMITS.loginPerIp, ip);
  await assertWithinLimit(LIMITS.loginFailuresPerAccount, accountKey);
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${accountKey}`)
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !user.passwordHash || !ok) {
    await recordFailure(LIMITS.loginFailuresPerAccount, accountKey);
    throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
  }
  await resetLimit(LIMITS.loginFailuresPerAccount, accountKey);
  return { userId: user.id };
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword("not-a-real-password-only-for-timing");
  return dummy;
}
