import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { NotificationKind } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";
import type { Notification } from "@/lib/validation/notifications";
import type { PostList } from "@/lib/validation/posts";
import { visibleNotificationsWhere } from "./notification-access";
import { notificationText } from "./notification-text";

interface NotificationRow extends Record<string, unknown> {
  id: string;
  kind: NotificationKind;
  created_at: Date | string;
  read_at: Date | string | null;
  detail: string | null;
  post_id: string;
  post_title: string;
  actor_id: string | null;
  actor_username: string | null;
  actor_picture: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    createdAt: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
    actor:
      row.actor_id && row.actor_username
        ? { _id: row.actor_id, username: row.actor_username, profilePicture: row.actor_picture }
        : null,
    post: { _id: row.post_id, title: row.post_title },
    text: notificationText({
      kind: row.kind,
      actor: row.actor_username,
      postTitle: row.post_title,
      detail: row.detail,
    }),
  };
}

/** How many of the reader's notifications are unread (the bell): the unread partial index, then the rules. */
export async function countUnreadNotifications({ actor }: { actor: Actor }): Promise<number> {
  const result = await db().execute<{ unread: number }>(sql`
    SELECT count(*)::int AS unread FROM notifications n JOIN posts p ON p.id = n.post_id
    WHERE n.read_at IS NULL AND ${visibleNotificationsWhere(actor)}`);
  return Number(result.rows[0]?.unread ?? 0);
}

/** GET /api/v1/notification: the reader's notifications, newest first, one page, with the unread count. */
export async function listNotifications({
  actor,
  page,
  limit,
}: {
  actor: Actor;
  page: number;
  limit: number;
}): Promise<{ notifications: Notification[]; unreadCount: number; pagination: PostList["pagination"] }> {
  const where = visibleNotificationsWhere(actor);
  const [rows, counted] = await Promise.all([
    db().execute<NotificationRow>(sql`
      SELECT n.id, n.kind, n.created_at, n.read_at, n.detail, n.post_id, p.title AS post_title,
        u.id AS actor_id, u.username AS actor_username, u.profile_picture AS actor_picture
      FROM notifications n
      JOIN posts p ON p.id = n.post_id
      LEFT JOIN users u ON u.id = n.actor_id
      WHERE ${where}
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
    db().execute<{ total: number; unread: number }>(sql`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE n.read_at IS NULL))::int AS unread
      FROM notifications n JOIN posts p ON p.id = n.post_id
      WHERE ${where}`),
  ]);
  const total = Number(counted.rows[0]?.total ?? 0);
  return {
    notifications: rows.rows.map(toNotification),
    unreadCount: Number(counted.rows[0]?.unread ?? 0),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
