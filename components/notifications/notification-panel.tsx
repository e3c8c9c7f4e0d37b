"use client";

import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { BellIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { NotificationItem } from "./notification-item";
import { useNotifications } from "./use-notifications";

const PANEL_SIZE = 8;

/** The bell's panel: the latest notifications, "Mark all read" and the way to all of them. */
export function NotificationPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const state = useNotifications({ limit: PANEL_SIZE });
  if (!isOpen) return null;
  return (
    <div
      role="dialog"
      aria-label="Notifications"
      className="fixed inset-x-2 top-16 z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-overlay sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold text-ink">Notifications</h2>
        {state.unreadCount > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => void state.markRead()}>
            Mark all read
          </Button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {state.error ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-ink-muted"
          >
            <p>Could not load your notifications. {state.error}</p>
            <Button variant="secondary" size="sm" onClick={state.retry}>
              Try again
            </Button>
          </div>
        ) : state.notifications === null ? (
          <div aria-busy="true" aria-label="Loading notifications" className="flex flex-col gap-3 p-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className="flex items-center gap-3">
                <Skeleton className="size-8 rounded-full" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        ) : state.notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-ink-muted">
            <BellIcon className="size-6 text-brand-600" aria-hidden="true" />
            <p>No notifications yet. Follow makers to hear about their new projects.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {state.notifications.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                isCompact
                onOpen={(item) => {
                  if (item.readAt === null) void state.markRead([item._id]);
                  onClose();
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-line p-2">
        <Link
          href="/notifications"
          onClick={onClose}
          className={buttonClasses({ variant: "ghost", size: "sm", fullWidth: true })}
        >
          See all notifications
        </Link>
      </div>
    </div>
  );
}
