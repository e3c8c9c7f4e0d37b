import "server-only";
import { createHmac, randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { signAccessToken } from "./access-token";
import { REFRESH_TOKEN_TTL_SECONDS } from "./cookies";
import type { SessionTokens } from "./session-cookies";
import { getAuthSecret } from "./secret";
import { randomToken, sha256 } from "./tokens";

/**
 * Server-side sessions (docs/sessions.md). A family is one sign-in: every refresh rotates the
 * refresh token inside it; presenting a rotated token again is reuse and revokes the family.
 * Access tokens name their family (`sid`), so revoking a family ends its access tokens at once.
 * A token rotated less than REFRESH_GRACE_SECONDS ago answers the same successor again (two tabs
 * refreshing at once, docs/decisions/011-refresh-grace-window.md); later, it is reuse.
 */
export interface SessionMeta {
  userAgent?: string | null;
  ipAddress?: string | null;
}

/** How long a just-rotated refresh token still answers its successor instead of counting as reuse. */
export const REFRESH_GRACE_SECONDS = 10;

type Executor = Pick<ReturnType<typeof db>, "insert">;

async function insertSession(
  executor: Executor,
  userId: string,
  familyId: string,
  refreshToken: string,
  meta: SessionMeta,
): Promise<void> {
  await executor.insert(sessions).values({
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ipAddress: meta.ipAddress?.slice(0, 100) ?? null,
  });
}

async function issue(userId: string, familyId: string, meta: SessionMeta): Promise<SessionTokens> {
  const refreshToken = randomToken();
  await insertSession(db(), userId, familyId, refreshToken, meta);
  return { accessToken: await accessTokenFor(userId, familyId), refreshToken };
}

/**
 * The token that replaces `refreshToken` on rotation: keyed with the server secret, so it can be
 * computed again (the grace window) without storing it, yet cannot be computed without the secret.
 */
function successorOf(refreshToken: string, familyId: string): string {
  return createHmac("sha256", getAuthSecret())
    .update(`refresh-successor\0${familyId}\0${refreshToken}`)
    .digest("base64url");
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

type SessionRow = typeof sessions.$inferSelect;

async function sessionByToken(refreshToken: string): Promise<SessionRow | undefined> {
  const [row] = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(refreshToken)))
    .limit(1);
  return row;
}

/**
 * Exchanges a refresh token for a new pair. The row is marked rotated and its successor inserted
 * in one transaction with a conditional update, so one caller rotates; a concurrent caller with
 * the same token (it waits for that row lock) and any caller within REFRESH_GRACE_SECONDS get the
 * same successor. After the window, presenting a rotated token is reuse and revokes the family.
 */
export async function rotateRefreshToken(
  refreshToken: string,
  meta: SessionMeta = {},
): Promise<RefreshOutcome> {
  const row = await sessionByToken(refreshToken);
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.rotatedAt) return graceOrReuse(row, refreshToken);
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
  const successor = successorOf(refreshToken, row.familyId);
  const rotated = await db().transaction(async (tx) => {
    const claimed = await tx
      .update(sessions)
      .set({ rotatedAt: new Date() })
      .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (claimed.length === 0) return false;
    await insertSession(tx, row.userId, row.familyId, successor, meta);
    return true;
  });
  if (!rotated) {
    // Another call rotated (or revoked) it first; its transaction has committed by now.
    const current = await sessionByToken(refreshToken);
    if (!current || current.revokedAt) return { ok: false, reason: "revoked" };
    return graceOrReuse(current, refreshToken);
  }
  return {
    ok: true,
    tokens: { accessToken: await accessTokenFor(row.userId, row.familyId), refreshToken: successor },
    userId: row.userId,
  };
}

/** A rotated token: its live successor again within the grace window, else reuse (family revoked). */
async function graceOrReuse(row: SessionRow, refreshToken: string): Promise<RefreshOutcome> {
  const rotatedAt = row.rotatedAt?.getTime() ?? 0;
  if (Date.now() - rotatedAt <= REFRESH_GRACE_SECONDS * 1000) {
    const successor = successorOf(refreshToken, row.familyId);
    const next = await sessionByToken(successor);
    if (next?.revokedAt) return { ok: false, reason: "revoked" };
    if (next && !next.rotatedAt && next.expiresAt.getTime() > Date.now()) {
      return {
        ok: true,
        tokens: { accessToken: await accessTokenFor(row.userId, row.familyId), refreshToken: successor },
        userId: row.userId,
      };
    }
  }
  await revokeFamily(row.familyId);
  return { ok: false, reason: "reuse" };
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
