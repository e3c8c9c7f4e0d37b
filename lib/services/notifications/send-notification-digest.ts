import "server-only";
import { sql } from "drizzle-orm";
import { isStaffEmail } from "@/lib/auth/staff";
import type { NotificationKind } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail";
import { notificationDigestEmail } from "@/lib/mail/templates/notification-digest";
import { notificationText } from "./notification-text";

/** At most this many notices in one e-mail; the rest are on the notifications page. */
const DIGEST_ITEMS_MAX = 50;

interface ClaimedRow extends Record<string, unknown> {
  user_id: string;
  email: string;
  username: string;
  is_verified: boolean;
  kind: NotificationKind;
  detail: string | null;
  post_id: string;
  post_title: string;
  post_visibility: string;
  post_user_id: string;
  actor_username: string | null;
  read_at: Date | string | null;
}

/**
 * The daily e-mail digest (`npm run notify:digest`, run once a day by cron or a timer): every
 * notification not yet digested is claimed in one statement (so two runs never send the same
 * notice), and each user gets one e-mail of their unread ones of the kinds they chose to get by
 * e-mail, under the same visibility rule as the app. A failed e-mail is logged; its notices stay
 * on the notifications page.
 */
export async function sendNotificationDigest({ now = new Date() }: { now?: Date } = {}): Promise<{
  claimed: number;
  emails: number;
}> {
  const result = await db().execute<ClaimedRow>(sql`
    WITH claimed AS (
      UPDATE notifications SET digested_at = ${now.toISOString()}::timestamptz
      WHERE digested_at IS NULL AND created_at <= ${now.toISOString()}::timestamptz
      RETURNING user_id, kind, actor_id, post_id, detail, read_at, created_at
    )
    SELECT c.user_id, u.email, u.username, u.is_verified, c.kind, c.detail, c.post_id,
      p.title AS post_title, p.visibility AS post_visibility, p.user_id AS post_user_id,
      a.username AS actor_username, c.read_at, c.created_at
    FROM claimed c
    JOIN users u ON u.id = c.user_id
    JOIN posts p ON p.id = c.post_id
    LEFT JOIN users a ON a.id = c.actor_id
    ORDER BY c.user_id, c.created_at DESC`);

  const baseUrl = env().PUBLIC_BASE_URL;
  const wanted = await emailedKindsOf([...new Set(result.rows.map((row) => row.user_id))]);
  const byUser = new Map<string, ClaimedRow[]>();
  for (const row of result.rows) {
    if (row.read_at !== null || !wanted.get(row.user_id)?.has(row.kind)) continue;
    const isVisible =
      row.post_visibility === "public" ||
      row.post_user_id === row.user_id ||
      isStaffEmail(row.email, row.is_verified);
    if (!isVisible) continue;
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  }

  let emails = 0;
  for (const rows of byUser.values()) {
    const [first] = rows;
    if (!first) continue;
    try {
      await sendMail({
        to: first.email,
        kind: "notification-digest",
        ...notificationDigestEmail({
          username: first.username,
          items: rows.slice(0, DIGEST_ITEMS_MAX).map((row) => ({
            text: notificationText({
              kind: row.kind,
              actor: row.actor_username,
              postTitle: row.post_title,
              detail: row.detail,
            }),
            url: `${baseUrl}/model/${row.post_id}`,
          })),
          notificationsUrl: `${baseUrl}/notifications`,
          preferencesUrl: `${baseUrl}/notifications#preferences`,
        }),
      });
      emails += 1;
    } catch (error) {
      console.error(`[notifications] the digest to user ${first.user_id} failed:`, error);
    }
  }
  return { claimed: result.rows.length, emails };
}

async function emailedKindsOf(userIds: string[]): Promise<Map<string, Set<NotificationKind>>> {
  const wanted = new Map<string, Set<NotificationKind>>();
  if (userIds.length === 0) return wanted;
  const rows = await db().execute<{ user_id: string; kind: NotificationKind }>(sql`
    SELECT user_id, kind FROM notification_preferences
    WHERE email AND user_id IN (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const row of rows.rows) wanted.set(row.user_id, (wanted.get(row.user_id) ?? new Set()).add(row.kind));
  return wanted;
}
