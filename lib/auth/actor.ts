import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { hasWellFormedIds, sessionIsActive, verifyAccessTokenSignature } from "./access-token";
import { isStaffEmail } from "./staff";

/** The signed-in user as every service sees it. */
export interface Actor {
  id: string;
  username: string;
  email: string;
  isVerified: boolean;
  isUserSignupComplete: boolean;
  isOnefinityOfficial: boolean;
  /** Verified and with an e-mail under the company's domain (DESIGN.md "Sessions"). */
  isStaff: boolean;
}

/**
 * The user of an access token, or null when it is missing, forged, expired, or its session was
 * revoked on the server (logout, password change or reset, refresh-token reuse). The user and the
 * session check are one statement: every signed-in request runs it.
 */
export async function actorForAccessToken(token: string | undefined): Promise<Actor | null> {
  const claims = token ? await verifyAccessTokenSignature(token) : null;
  if (!claims || !hasWellFormedIds(claims)) return null;
  const [row] = await db()
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isVerified: users.isVerified,
      isUserSignupComplete: users.isUserSignupComplete,
      isOnefinityOfficial: users.isOnefinityOfficial,
    })
    .from(users)
    .where(and(eq(users.id, claims.userId), sessionIsActive(claims)))
    .limit(1);
  return row ? { ...row, isStaff: isStaffEmail(row.email, row.isVerified) } : null;
}
