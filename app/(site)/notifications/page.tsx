import type { Metadata } from "next";
import { Container } from "@/components/layout/container";
import { NotificationPreferencesForm } from "@/components/notifications/notification-preferences-form";
import { NotificationsView } from "@/components/notifications/notifications-view";
import { requireUser } from "@/lib/auth/guards";
import { listNotifications } from "@/lib/services/notifications/list-notifications";
import { getNotificationPreferences } from "@/lib/services/notifications/notification-preferences";
import { NOTIFICATIONS_PAGE_SIZE } from "@/lib/validation/notifications";

export const metadata: Metadata = { title: "Notifications", robots: { index: false } };

/** Per request: a member's own notifications and preferences; visitors go home. */
export const dynamic = "force-dynamic";

export default async function NotificationsPage() {
  const actor = await requireUser();
  const [page, preferences] = await Promise.all([
    listNotifications({ actor, page: 1, limit: NOTIFICATIONS_PAGE_SIZE }),
    getNotificationPreferences({ actor }),
  ]);
  return (
    <Container className="flex max-w-3xl flex-col gap-8 py-6 sm:py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
      <NotificationsView
        initial={{
          notifications: page.notifications,
          unreadCount: page.unreadCount,
          total: page.pagination.total,
        }}
      />
      <NotificationPreferencesForm initial={preferences} />
    </Container>
  );
}
