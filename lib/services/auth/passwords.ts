import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { passwordResetTokens, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sendMail } from "@/lib/mail";
import { passwordResetEmail } from "@/lib/mail/templates/password-reset";
import { assertWithinLimit, consumeLimit, LIMITS, recordFailure, resetLimit } from "@/lib/rate-limit";

export const RESET_TOKEN_TTL_MINUTES = 60;
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const INVALID_RESET_LINK = "This reset link is invalid or has expired.";

const wrongCurrent = () =>
  new AppError("VALIDATION", WRONG_CURRENT_PASSWORD, {
    issues: [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD }],
  });

/**
 * Changes the password of the signed-in user. `currentPassword` is required when the account has
 * one (always for PATCH updatePassword); a Google account without a password may set one through
 * updateUserPassword. Every other session ends; the caller's own session (family) is kept.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword?: string; newPassword: string },
  options: { requireCurrent: boolean; keepFamilyId?: string },
): Promise<void> {
  await assertWithinLimit(LIMITS.passwordChangeFailures, userId);
  const [user] = await db()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  if (user.passwordHash || options.requireCurrent) {
    if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await recordFailure(LIMITS.passwordChangeFailures, userId);
      throw wrongCurrent();
    }
  }
  await resetLimit(LIMITS.passwordChangeFailures, userId);
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(userId, options.keepFamilyId);
}

/**
 * POST /api/v1/auth/sendPasswordResetEmail. Same answer whether or not the address has an
 * account; the per-address limit counts every request, so it reveals nothing either.
 */
export async function sendPasswordResetEmail(email: string, ip: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await consumeLimit(LIMITS.passwordResetPerIp, ip);
  await consumeLimit(LIMITS.passwordResetPerEmail, address);
  const [user] = await db()
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`)
    .limit(1);
  if (!user) return;
  const token = randomToken();
  await db()
    .insert(passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
    });
  const resetUrl = new URL(
    `/resetPassword?resetToken=${encodeURIComponent(token)}`,
    env().PUBLIC_BASE_URL,
  ).toString();
  await sendMail({
    to: user.email,
    kind: "password-reset",
    ...passwordResetEmail({ username: user.username, resetUrl, expiresInMinutes: RESET_TOKEN_TTL_MINUTES }),
  });
}

/**
 * POST /api/v1/auth/resetPassword: the token is single use (claimed by a conditional update) and
 * valid for an hour; every session of the user ends, and other unused reset links die with it.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const [claimed] = await db()
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) {
    throw new AppError("VALIDATION", INVALID_RESET_LINK, {
      issues: [{ path: "token", message: INVALID_RESET_LINK }],
    });
  }
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, claimed.userId));
  await db()
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  await revokeUserSessions(claimed.userId);
}
