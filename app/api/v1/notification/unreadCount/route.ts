// GET /api/v1/notification/unreadCount: the header bell's number
import { route } from "@/lib/http/route";
import { countUnreadNotifications } from "@/lib/services/notifications/list-notifications";
import { unreadNotificationCountEndpoint } from "@/lib/validation/notifications";

export const GET = route(unreadNotificationCountEndpoint, async ({ actor }) => ({
  unreadCount: await countUnreadNotifications({ actor }),
}));

export * from "@/lib/http/method-not-allowed";
