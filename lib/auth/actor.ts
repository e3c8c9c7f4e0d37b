import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
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

export async function findActorById(userId: string): Promise<Actor | null> {
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
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row, isStaff: isStaffEmail(row.email, row.isVerified) } : null;
}
