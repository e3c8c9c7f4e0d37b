import "server-only";
import type { Pool } from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/**
 * Rate limits on rate-limiter-flexible's PostgreSQL store, so every app instance counts in the
 * same rows (table `rate_limits`, created by migration 0004). Each policy has its own key prefix.
 */
export interface LimitPolicy {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  message: string;
}

export const LIMITS = {
  loginPerIp: {
    keyPrefix: "login_ip",
    points: 50,
    durationSeconds: 15 * 60,
    message: "Too many login attempts from this network. Please try again later.",
  },
  loginFailuresPerAccount: {
    keyPrefix: "login_account",
    points: 10,
    durationSeconds: 15 * 60,
    message: "Too many failed login attempts for this account. Please try again in 15 minutes.",
  },
  otpValidationPerIp: {
    keyPrefix: "otp_ip",
    points: 30,
    durationSeconds: 15 * 60,
    message: "Too many verification attempts. Please try again later.",
  },
  otpValidationPerAccount: {
    keyPrefix: "otp_account",
    points: 15,
    durationSeconds: 15 * 60,
    message: "Too many verification attempts. Please try again later.",
  },
  passwordResetPerEmail: {
    keyPrefix: "reset_email",
    points: 3,
    durationSeconds: 60 * 60,
    message: "Too many password reset requests for this address. Please try again in an hour.",
  },
  passwordResetPerIp: {
    keyPrefix: "reset_ip",
    points: 20,
    durationSeconds: 60 * 60,
    message: "Too many password reset requests. Please try again later.",
  },
  passwordChangeFailures: {
    keyPrefix: "password_change",
    points: 10,
    durationSeconds: 15 * 60,
    message: "Too many wrong passwords. Please try again in 15 minutes.",
  },
  registerPerIp: {
    keyPrefix: "register_ip",
    points: 30,
    durationSeconds: 60 * 60,
    message: "Too many sign-ups from this network. Please try again later.",
  },
  // Uploads (docs/security.md, "Quotas"): a 30-file project of 50 MB files, uploaded twice over,
  // stays well inside every one of these.
  uploadUrlsPerUser: {
    keyPrefix: "upload_urls_user",
    points: 300,
    durationSeconds: 60 * 60,
    message: "You have requested too many uploads in the last hour. Please try again later.",
  },
  uploadUrlsPerIp: {
    keyPrefix: "upload_urls_ip",
    points: 600,
    durationSeconds: 60 * 60,
    message: "Too many uploads from this network in the last hour. Please try again later.",
  },
  /** Points are megabytes declared (rounded up per file). */
  uploadMegabytesPerUser: {
    keyPrefix: "upload_mb_user",
    points: 10 * 1024,
    durationSeconds: 60 * 60,
    message: "You have uploaded too much data in the last hour. Please try again later.",
  },
  uploadMegabytesPerIp: {
    keyPrefix: "upload_mb_ip",
    points: 20 * 1024,
    durationSeconds: 60 * 60,
    message: "Too much data uploaded from this network in the last hour. Please try again later.",
  },
  /** Each submission builds the project's zip bundle. */
  submissionsPerUser: {
    keyPrefix: "submit_user",
    points: 30,
    durationSeconds: 60 * 60,
    message: "You have submitted too many times in the last hour. Please try again later.",
  },
  /** Verification mails beyond the spec's per-account cooldown: many accounts behind one address. */
  otpMailsPerIp: {
    keyPrefix: "otp_mail_ip",
    points: 60,
    durationSeconds: 60 * 60,
    message: "Too many verification codes requested from this network. Please try again later.",
  },
} satisfies Record<string, LimitPolicy>;

const limiters = new Map<string, RateLimiterPostgres>();

interface QueryConfig {
  name?: string;
  text: string;
  values?: unknown[];
}

/**
 * The pool as the limiter's store client, minus statement names. The library names its prepared
 * statements (`rate_limits:rlflx-upsert`), and a name lives in the server session. On the embedded
 * database every pooled connection shares PGlite's one session, so the second connection to
 * prepare a name fails with "already exists", and after the first connection idles out nothing
 * works until a restart. Unnamed statements cost a parse per call (microseconds here)
 * and behave the same on PostgreSQL and PGlite. ADR 002 and docs/reliability.md.
 */
function withoutStatementNames(pool: Pool) {
  return { query: ({ text, values }: QueryConfig) => pool.query({ text, values }) };
}

function limiterFor(policy: LimitPolicy): RateLimiterPostgres {
  let limiter = limiters.get(policy.keyPrefix);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: withoutStatementNames(db().$client),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix: policy.keyPrefix,
      points: policy.points,
      duration: policy.durationSeconds,
    });
    limiters.set(policy.keyPrefix, limiter);
  }
  return limiter;
}

function rateLimited(policy: LimitPolicy, msBeforeNext: number): AppError {
  return new AppError("RATE_LIMITED", policy.message, {
    retryAfterSeconds: Math.max(1, msBeforeNext / 1000),
  });
}

/** Counts one attempt (or `points`); throws RATE_LIMITED (429) once the policy's points are used up. */
export async function consumeLimit(policy: LimitPolicy, key: string, points = 1): Promise<void> {
  try {
    await limiterFor(policy).consume(key.toLowerCase(), points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(policy, error.msBeforeNext);
    throw error;
  }
}

/** Throws RATE_LIMITED when the key has no points left, without counting (failure-only limits). */
export async function assertWithinLimit(policy: LimitPolicy, key: string): Promise<void> {
  const state = await limiterFor(policy).get(key.toLowerCase());
  if (state && state.consumedPoints >= policy.points) throw rateLimited(policy, state.msBeforeNext);
}

/** Counts one failure without throwing (the caller answers with its own error). */
export async function recordFailure(policy: LimitPolicy, key: string): Promise<void> {
  try {
    await limiterFor(policy).consume(key.toLowerCase());
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}

export async function resetLimit(policy: LimitPolicy, key: string): Promise<void> {
  await limiterFor(policy).delete(key.toLowerCase());
}
