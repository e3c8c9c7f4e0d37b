// POST /api/v1/notification/markRead { ids? }: the given notifications, or all, become read
import { route } from "@/lib/http/route";
import { markNotificationsRead } from "@/lib/services/notifications/mark-notifications-read";
import { markNotificationsReadEndpoint } from "@/lib/validation/notifications";

export const POST = route(markNotificationsReadEndpoint, async ({ actor, body }) =>
  markNotificationsRead({ actor, ids: body.ids }),
);

export * from "@/lib/http/method-not-allowed";
