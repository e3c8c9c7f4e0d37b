import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import { countUnreadNotifications } from "./list-notifications";

/**
 * POST /api/v1/notification/markRead: the given notifications of the reader, or all of them,
 * become read. Ids of someone else's notifications change nothing.
 */
export async function markNotificationsRead({
  actor,
  ids,
}: {
  actor: Actor;
  ids?: string[];
}): Promise<{ updated: number; unreadCount: number }> {
  if (ids && ids.length === 0) return { updated: 0, unreadCount: await countUnreadNotifications({ actor }) };
  const conditions = [eq(notifications.userId, actor.id), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  const updated = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await countUnreadNotifications({ actor }) };
}
