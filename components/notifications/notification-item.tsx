"use client";

import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { BellIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";
import { relativeTime } from "@/lib/utils/relative-time";
import type { Notification } from "@/lib/validation/notifications";

/** One notice: who, what, when, linking to the project; an unread one is marked and says so. */
export function NotificationItem({
  notification,
  onOpen,
  isCompact = false,
}: {
  notification: Notification;
  /** Called when the reader follows the link (marks it read). */
  onOpen?: (notification: Notification) => void;
  isCompact?: boolean;
}) {
  const isUnread = notification.readAt === null;
  const href = notification.post ? `/model/${notification.post._id}` : "/notifications";
  return (
    <li>
      <Link
        href={href}
        onClick={() => onOpen?.(notification)}
        className={cn(
          "flex items-start gap-3 rounded-lg px-3 py-2.5 text-sm hover:bg-ink/5 focus-visible:bg-ink/5",
          isUnread && "bg-brand-50/60",
          isCompact ? "py-2" : "py-3",
        )}
      >
        {notification.actor ? (
          <Avatar
            src={notification.actor.profilePicture}
            name={notification.actor.username}
            alt=""
            size="sm"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-4"
          >
            <BellIcon />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn("break-words text-ink", isUnread && "font-medium")}>{notification.text}</span>
          <time dateTime={notification.createdAt} className="text-xs text-ink-muted">
            {relativeTime(notification.createdAt)}
          </time>
        </span>
        {isUnread ? (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600">
            <span className="sr-only">Unread</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
