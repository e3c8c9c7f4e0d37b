import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  integer,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { cncVariants } from "./catalogue";
import { cascadeRef, createdAt, id, updatedAt } from "./columns";
import { AUTH_PROVIDERS } from "@/lib/catalogue/enums";

export const authProviderEnum = pgEnum("auth_provider", AUTH_PROVIDERS);

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    /** argon2id; null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    website: text("website"),
    /** Storage key of an uploaded picture, or an external URL given at sign-up. */
    profilePicture: text("profile_picture"),
    isVerified: boolean("is_verified").notNull().default(false),
    isOnefinityOfficial: boolean("is_onefinity_official").notNull().default(false),
    authProvider: authProviderEnum("auth_provider").notNull().default("email"),
    isUserSignupComplete: boolean("is_user_signup_complete").notNull().default(true),
    privacyEmail: boolean("privacy_email").notNull().default(true),
    privacyFirstname: boolean("privacy_firstname").notNull().default(true),
    privacyLastname: boolean("privacy_lastname").notNull().default(true),
    privacyWebsite: boolean("privacy_website").notNull().default(true),
    locatedAt: text("located_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Case-insensitive uniqueness: "Maker_Joe" and "maker_joe" are the same person.
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    check(
      "users_password_for_email_accounts",
      sql`${t.authProvider} <> 'email' OR ${t.passwordHash} IS NOT NULL`,
    ),
  ],
);

/** Refresh-token sessions: one row per issued token; a family is one sign-in's rotation chain. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    familyId: uuid("family_id").notNull(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for a newer one; presenting it again is reuse. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_family_idx").on(t.familyId)],
);

export const otpCodes = pgTable(
  "otp_codes",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: smallint("failed_attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("otp_codes_user_created_idx").on(t.userId, t.createdAt.desc()),
    check("otp_codes_attempts_range", sql`${t.failedAttempts} BETWEEN 0 AND 5`),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    userId: cascadeRef("user_id", () => users.id),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    index("oauth_accounts_user_idx").on(t.userId),
  ],
);

export const ownedMachines = pgTable(
  "owned_machines",
  {
    userId: cascadeRef("user_id", () => users.id),
    variantId: cascadeRef("variant_id", () => cncVariants.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    index("owned_machines_variant_idx").on(t.variantId),
  ],
);

/**
 * The store of rate-limiter-flexible's PostgreSQL limiter (lib/rate-limit): shared by every app
 * instance. Created by migration (not by the library at run time) so the app needs no DDL rights
 * and no instance races another to create it. Columns are the library's own layout.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
