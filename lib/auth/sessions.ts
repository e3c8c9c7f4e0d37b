import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { signAccessToken } from "./access-token";
import { REFRESH_TOKEN_TTL_SECONDS } from "./cookies";
import type { SessionTokens } from "./session-cookies";
import { randomToken, sha256 } from "./tokens";

/**
 * Server-side sessions (docs/sessions.md). A family is one sign-in: every refresh rotates the
 * refresh token inside it; presenting a rotated token again is reuse and revokes the family.
 * Access tokens name their family (`sid`), so revoking a family ends its access tokens at once.
 */
export interface SessionMeta {
  userAgent?: string | null;
  ipAddress?: string | null;
}

async function issue(userId: string, familyId: string, meta: SessionMeta): Promise<SessionTokens> {
  const refreshToken = randomToken();
  await db()
    .insert(sessions)
    .values({
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ipAddress: meta.ipAddress?.slice(0, 100) ?? null,
    });
  return { accessToken: await accessTokenFor(userId, familyId), refreshToken };
}

/** An access token for a family, carrying whether the user's sign-up is complete. */
export async function accessTokenFor(userId: string, familyId: string): Promise<string> {
  const [user] = await db()
    .select({ isUserSignupComplete: users.isUserSignupComplete })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return signAccessToken({
    userId,
    sessionFamilyId: familyId,
    signupComplete: user?.isUserSignupComplete ?? true,
  });
}

/** A new session family (every login, sign-up and Google sign-in). */
export function startSession(userId: string, meta: SessionMeta = {}): Promise<SessionTokens> {
  return issue(userId, randomUUID(), meta);
}

export type RefreshOutcome =
  | { ok: true; tokens: SessionTokens; userId: string }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reuse" };

/**
 * Exchanges a refresh token for a new pair. The row is marked rotated with a conditional update,
 * so two concurrent refreshes with one token cannot both succeed: the loser counts as reuse.
 */
export async function rotateRefreshToken(
  refreshToken: string,
  meta: SessionMeta = {},
): Promise<RefreshOutcome> {
  const [row] = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(refreshToken)))
    .limit(1);
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.rotatedAt) {
    await revokeFamily(row.familyId);
    return { ok: false, reason: "reuse" };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
  const claimed = await db()
    .update(sessions)
    .set({ rotatedAt: new Date() })
    .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (claimed.length === 0) {
    await revokeFamily(row.familyId);
    return { ok: false, reason: "reuse" };
  }
  const tokens = await issue(row.userId, row.familyId, meta);
  return { ok: true, tokens, userId: row.userId };
}

export async function revokeFamily(familyId: string): Promise<void> {
  await db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `exceptFamilyId` (password change). */
export async function revokeUserSessions(userId: string, exceptFamilyId?: string): Promise<void> {
  await db()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptFamilyId ? ne(sessions.familyId, exceptFamilyId) : undefined,
      ),
    );
}

/** The family of a refresh token (logout with an expired access token). */
export async function familyOfRefreshToken(refreshToken: string): Promise<string | null> {
  const [row] = await db()
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(refreshToken)))
    .limit(1);
  return row?.familyId ?? null;
}
