// GET, PATCH /api/v1/notification/preferences: per kind, shown in the app and/or e-mailed in the digest
import { route } from "@/lib/http/route";
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from "@/lib/services/notifications/notification-preferences";
import {
  getNotificationPreferencesEndpoint,
  updateNotificationPreferencesEndpoint,
} from "@/lib/validation/notifications";

export const GET = route(getNotificationPreferencesEndpoint, async ({ actor }) => ({
  preferences: await getNotificationPreferences({ actor }),
}));

export const PATCH = route(updateNotificationPreferencesEndpoint, async ({ actor, body }) => ({
  preferences: await updateNotificationPreferences({ actor, input: body }),
}));

export * from "@/lib/http/method-not-allowed";
