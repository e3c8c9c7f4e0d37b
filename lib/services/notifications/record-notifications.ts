import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";

/**
 * Writes one notification per recipient in a single INSERT ... SELECT (a maker's followers may be
 * many). `recipients` is a query of one uuid column. Nobody is told of their own action, and a
 * kind the recipient turned off both in the app and by e-mail is not written at all.
 */
export async function recordNotifications({
  kind,
  actorId,
  postId,
  detail = null,
  recipients,
  unlessRecorded = false,
}: {
  kind: NotificationKind;
  actorId: string | null;
  postId: string;
  detail?: string | null;
  recipients: SQL;
  /** Skip a recipient who already has this kind about this post with this detail. */
  unlessRecorded?: boolean;
}): Promise<number> {
  const result = await db().execute(sql`
    INSERT INTO notifications (user_id, kind, actor_id, post_id, detail)
    SELECT DISTINCT r.user_id, ${kind}::notification_kind, ${actorId}::uuid, ${postId}::uuid, ${detail}::text
    FROM (${recipients}) AS r(user_id)
    WHERE r.user_id IS NOT NULL
      AND r.user_id IS DISTINCT FROM ${actorId}::uuid
      AND NOT EXISTS (
        SELECT 1 FROM notification_preferences np
        WHERE np.user_id = r.user_id AND np.kind = ${kind}::notification_kind AND NOT np.in_app AND NOT np.email
      )
      ${
        unlessRecorded
          ? sql`AND NOT EXISTS (
        SELECT 1 FROM notifications seen
        WHERE seen.user_id = r.user_id AND seen.kind = ${kind}::notification_kind
          AND seen.post_id = ${postId}::uuid AND seen.detail IS NOT DISTINCT FROM ${detail}::text
      )`
          : sql``
      }`);
  return result.rowCount ?? 0;
}

/**
 * Runs a producer after the event it reports has been committed: a failure to notify is logged
 * and never undoes or fails the comment, make or decision itself.
 */
export async function afterEvent(label: string, produce: () => Promise<unknown>): Promise<void> {
  try {
    await produce();
  } catch (error) {
    console.error(`[notifications] ${label} could not be recorded:`, error);
  }
}
