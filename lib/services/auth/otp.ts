import "server-only";
import { and, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { otpResendState } from "@/lib/utils/otp-cooldown";
import { generateOtp, hashOtp } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { otpCodes, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { sendMail } from "@/lib/mail";
import { otpEmail } from "@/lib/mail/templates/otp";
import { consumeLimit, LIMITS } from "@/lib/rate-limit";
import type { SessionUser } from "@/lib/validation/session";
import { loadSessionUser } from "@/lib/services/users/load-user";

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

async function createAndMail(
  tx: Tx | ReturnType<typeof db>,
  user: { id: string; email: string; username: string },
) {
  const code = generateOtp();
  // One live code at a time: older codes stop working when a new one is sent.
  await tx
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.consumedAt)));
  await tx.insert(otpCodes).values({
    userId: user.id,
    codeHash: hashOtp(code),
    expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60 * 1000),
  });
  return code;
}

async function mailCode(user: { email: string; username: string }, code: string): Promise<void> {
  await sendMail({
    to: user.email,
    kind: "otp",
    ...otpEmail({ username: user.username, code, expiresInMinutes: OTP_TTL_MINUTES }),
  });
}

/** The first code of an account (sign-up): no cooldown applies. */
export async function sendFirstOtp(user: { id: string; email: string; username: string }): Promise<void> {
  const code = await createAndMail(db(), user);
  await mailCode(user, code);
}

/**
 * GET /api/v1/auth/getVerificationOtp: a new code, under the spec's cooldown rule (computed from
 * the stored send times, so every instance agrees). The user row is locked so two concurrent
 * requests cannot both pass the check.
 */
export async function resendOtp(
  userId: string,
  ip: string,
): Promise<{ resendCount: number; nextResendInSeconds: number }> {
  await consumeLimit(LIMITS.otpMailsPerIp, ip);
  const result = await db().transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, username: users.username, isVerified: users.isVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    if (user.isVerified) throw new AppError("CONFLICT", "Your account is already verified.");
    const now = new Date();
    const recent = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(
        and(eq(otpCodes.userId, userId), gte(otpCodes.createdAt, new Date(now.getTime() - 6 * 3600 * 1000))),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(50);
    const state = otpResendState(
      recent.map((row) => row.createdAt),
      now,
    );
    if (state.retryAfterSeconds > 0) {
      throw new AppError(
        "RATE_LIMITED",
        `Please wait ${state.retryAfterSeconds} seconds before requesting a new code.`,
        { retryAfterSeconds: state.retryAfterSeconds },
      );
    }
    const code = await createAndMail(tx, user);
    const after = otpResendState([now, ...recent.map((row) => row.createdAt)], now);
    return { user, code, resendCount: after.resendCount, nextResendInSeconds: after.waitSeconds };
  });
  await mailCode(result.user, result.code);
  return { resendCount: result.resendCount, nextResendInSeconds: result.nextResendInSeconds };
}

/**
 * POST /api/v1/auth/validateOtp. At most 5 tries per code, counted atomically before the code is
 * compared (then a new code is needed), plus per-account and per-IP limits across codes.
 */
export async function validateOtp(userId: string, otp: string, ip: string): Promise<SessionUser> {
  await consumeLimit(LIMITS.otpValidationPerIp, ip);
  await consumeLimit(LIMITS.otpValidationPerAccount, userId);
  const [user] = await db()
    .select({ isVerified: users.isVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  if (user.isVerified) return loadSessionUser(userId);

  const [code] = await db()
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!code) throw new AppError("VALIDATION", "Invalid verification code.");
  if (code.failedAttempts >= OTP_MAX_WRONG_TRIES) {
    throw new AppError("RATE_LIMITED", "Too many wrong codes. Please request a new code.");
  }
  if (code.expiresAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION", "This verification code has expired. Please request a new one.");
  }
  // Every try takes one of the code's five slots BEFORE the comparison, in one conditional UPDATE:
  // concurrent guesses each need their own slot, so no more than five are ever compared.
  const slot = await db()
    .update(otpCodes)
    .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, code.id),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.failedAttempts, OTP_MAX_WRONG_TRIES),
      ),
    )
    .returning({ failedAttempts: otpCodes.failedAttempts });
  if (slot.length === 0) {
    throw new AppError("RATE_LIMITED", "Too many wrong codes. Please request a new code.");
  }
  if (code.codeHash !== hashOtp(otp.trim())) {
    throw new AppError("VALIDATION", "Invalid verification code.");
  }
  const consumed = await db()
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, code.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (consumed.length === 0) throw new AppError("VALIDATION", "Invalid verification code.");
  await db().update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  return loadSessionUser(userId);
}
