import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { NOTIFICATION_KINDS } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";
import { notificationPreferences } from "@/lib/db/schema";
import type {
  NotificationPreference,
  UpdateNotificationPreferencesInput,
} from "@/lib/validation/notifications";

/** A kind the user never changed: shown in the app, not e-mailed (the digest is opt-in). */
export const DEFAULT_PREFERENCE = { inApp: true, email: false } as const;

/** GET /api/v1/notification/preferences: every kind, with the user's choice or the default. */
export async function getNotificationPreferences({
  actor,
}: {
  actor: Actor;
}): Promise<NotificationPreference[]> {
  const rows = await db()
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, actor.id));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    return {
      kind,
      inApp: row?.inApp ?? DEFAULT_PREFERENCE.inApp,
      email: row?.email ?? DEFAULT_PREFERENCE.email,
    };
  });
}

/** PATCH /api/v1/notification/preferences: the named kinds change; a field left out keeps its value. */
export async function updateNotificationPreferences({
  actor,
  input,
}: {
  actor: Actor;
  input: UpdateNotificationPreferencesInput;
}): Promise<NotificationPreference[]> {
  const current = new Map((await getNotificationPreferences({ actor })).map((item) => [item.kind, item]));
  const rows = input.preferences.map((change) => {
    const before = current.get(change.kind) ?? { ...DEFAULT_PREFERENCE, kind: change.kind };
    return {
      userId: actor.id,
      kind: change.kind,
      inApp: change.inApp ?? before.inApp,
      email: change.email ?? before.email,
    };
  });
  await db()
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
  return getNotificationPreferences({ actor });
}
