import "server-only";
import { env } from "@/lib/env";

/**
 * Who is staff (DESIGN.md "Sessions"): a verified user whose e-mail is under STAFF_EMAIL_DOMAIN.
 * The only place that rule is written; services ask `actor.isStaff`.
 */
export function isStaffEmail(email: string, isVerified: boolean): boolean {
  return isVerified && email.toLowerCase().endsWith(`@${env().STAFF_EMAIL_DOMAIN.toLowerCase()}`);
}
