// GET /api/v1/notification?page=&limit=: the signed-in user's notifications and unread count
import { route } from "@/lib/http/route";
import { listNotifications } from "@/lib/services/notifications/list-notifications";
import { listNotificationsEndpoint } from "@/lib/validation/notifications";

export const GET = route(listNotificationsEndpoint, async ({ actor, query }) =>
  listNotifications({ actor, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
