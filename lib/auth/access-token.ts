import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { db } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { getAuthSecret } from "./secret";
import { ACCESS_TOKEN_TTL_SECONDS } from "./cookies";

const ISSUER = "cnc-projects";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function key(): Uint8Array {
  return new TextEncoder().encode(getAuthSecret());
}

export interface AccessClaims {
  userId: string;
  sessionFamilyId: string;
  /**
   * False only for an account that must still complete its sign-up (a new Google account), so
   * proxy.ts can send it to /signup without a database query. Absent means complete.
   */
  signupComplete?: boolean;
}

/** A short-lived signed access token (HS256) naming the user and the session family. */
export async function signAccessToken(claims: AccessClaims): Promise<string> {
  return new SignJWT({
    sid: claims.sessionFamilyId,
    ...(claims.signupComplete === false ? { suc: false } : {}),
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/**
 * Signature, issuer and expiry only, no database: for proxy.ts, which must stay cheap. A token
 * passing this may belong to a session revoked since (logout); pages and the API check again.
 */
export async function verifyAccessTokenSignature(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return {
      userId: payload.sub,
      sessionFamilyId: payload.sid,
      ...(payload.suc === false ? { signupComplete: false } : {}),
    };
  } catch {
    return null;
  }
}

/** True while the family has a live (not revoked, not expired) refresh row of this user. */
export async function isSessionActive(claims: AccessClaims): Promise<boolean> {
  if (!UUID.test(claims.userId) || !UUID.test(claims.sessionFamilyId)) return false;
  const [row] = await db()
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(
      and(
        eq(sessions.familyId, claims.sessionFamilyId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The token's claims, or null when it is missing, forged, expired, or its session was revoked on
 * the server (logout, password change or reset, refresh-token reuse).
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const claims = await verifyAccessTokenSignature(token);
  if (!claims) return null;
  return (await isSessionActive(claims)) ? claims : null;
}
