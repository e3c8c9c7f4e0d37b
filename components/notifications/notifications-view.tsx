"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BellIcon } from "@/components/ui/icons";
import { type Notification, NOTIFICATIONS_PAGE_SIZE } from "@/lib/validation/notifications";
import { NotificationItem } from "./notification-item";
import { useNotifications } from "./use-notifications";

/** The notifications page's list: newest first, "Load more", "Mark all read". */
export function NotificationsView({
  initial,
}: {
  initial: { notifications: Notification[]; unreadCount: number; total: number };
}) {
  const state = useNotifications({ limit: NOTIFICATIONS_PAGE_SIZE, initial });
  const notifications = state.notifications ?? [];
  return (
    <section aria-labelledby="notifications-list" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="notifications-list" className="text-lg font-semibold text-ink">
          {state.unreadCount > 0 ? `${state.unreadCount} unread` : "All caught up"}
        </h2>
        {state.unreadCount > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => void state.markRead()}>
            Mark all read
          </Button>
        ) : null}
      </div>
      {state.error ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-ink-muted">
          <p>Could not load your notifications. {state.error}</p>
          <Button variant="secondary" size="sm" onClick={state.retry}>
            Try again
          </Button>
        </div>
      ) : null}
      {notifications.length === 0 && !state.error ? (
        <EmptyState
          icon={<BellIcon />}
          title="No notifications yet"
          text="Follow makers to hear about their new projects; comments, makes and remixes of your projects show here too."
        />
      ) : (
        <ul className="flex flex-col gap-0.5 rounded-xl border border-line bg-surface p-1.5">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              onOpen={(item) => {
                if (item.readAt === null) void state.markRead([item._id]);
              }}
            />
          ))}
        </ul>
      )}
      {state.hasMore ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void state.loadMore()}
          isLoading={state.isLoadingMore}
        >
          Load more
        </Button>
      ) : null}
    </section>
  );
}
