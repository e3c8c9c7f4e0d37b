import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { getAuthSecret } from "./secret";
import { ACCESS_TOKEN_TTL_SECONDS } from "./cookies";

const ISSUER = "cnc-projects";

function key(): Uint8Array {
  return new TextEncoder().encode(getAuthSecret());
}

/** A short-lived signed access token (HS256) naming the user and the session family. */
export async function signAccessToken(claims: { userId: string; sessionFamilyId: string }): Promise<string> {
  return new SignJWT({ sid: claims.sessionFamilyId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The token's claims, or null when it is missing, forged or expired. */
export async function verifyAccessToken(
  token: string,
): Promise<{ userId: string; sessionFamilyId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionFamilyId: payload.sid };
  } catch {
    return null;
  }
}
