import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";

/**
 * Which of a user's notifications they see, as a condition on `notifications n JOIN posts p`:
 * their own, of a kind they have not turned off in the app, about a project that is public, or
 * their own project, or any project for staff. A project made private later takes its notices with
 * it for everyone else (they come back if it is published again).
 */
export function visibleNotificationsWhere(reader: Pick<Actor, "id" | "isStaff">): SQL {
  return sql`n.user_id = ${reader.id}
    AND (p.visibility = 'public' OR p.user_id = ${reader.id} OR ${reader.isStaff})
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences np
      WHERE np.user_id = n.user_id AND np.kind = n.kind AND NOT np.in_app
    )`;
}
