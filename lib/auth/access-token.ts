import "server-only";
import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { BoundedMap } from "@/lib/cache/bounded-map";
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
 * Tokens whose signature this process has checked, with their claims and expiry (seconds): a
 * signed-in visitor sends the same token on every request for its lifetime, and checking an
 * HMAC through WebCrypto (the key imported each time) cost about 0.15 ms a request. A bound, not
 * a cache of anything that can change: a token's signature and claims are what they are (the
 * secret is fixed for the process's life); the expiry is still checked on every use.
 */
const verifiedTokens = new BoundedMap<string, { claims: AccessClaims; expiresAt: number }>(2_000);

/**
 * Signature, issuer and expiry only, no database: for proxy.ts, which must stay cheap. A token
 * passing this may belong to a session revoked since (logout); pages and the API check again.
 */
export async function verifyAccessTokenSignature(token: string): Promise<AccessClaims | null> {
  const known = verifiedTokens.get(token);
  if (known) return Date.now() / 1000 < known.expiresAt ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const claims: AccessClaims = {
      userId: payload.sub,
      sessionFamilyId: payload.sid,
      ...(payload.suc === false ? { signupComplete: false } : {}),
    };
    if (typeof payload.exp === "number") verifiedTokens.set(token, { claims, expiresAt: payload.exp });
    return claims;
  } catch {
    return null;
  }
}

/**
 * The condition "the family has a live (not revoked, not expired) refresh row of this user", for
 * the statement that loads the token's user (./actor.ts): one round trip, not two.
 */
export function sessionIsActive(claims: AccessClaims): SQL {
  return sql`exists (select 1 from ${sessions} where ${and(
    eq(sessions.familyId, claims.sessionFamilyId),
    eq(sessions.userId, claims.userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date()),
  )})`;
}

/** Ids a statement can compare with uuid columns (anything else would be a query error, not a miss). */
export function hasWellFormedIds(claims: AccessClaims): boolean {
  return UUID.test(claims.userId) && UUID.test(claims.sessionFamilyId);
}
