"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { BellIcon } from "@/components/ui/icons";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { onUnreadCount } from "./notification-events";

// The header is on every page: the panel (its list, its requests) loads at the first press.
const NotificationPanel = dynamic(() =>
  import("./notification-panel").then((module) => module.NotificationPanel),
);
const contracts = () => import("@/lib/validation/notifications");

/** Moments after which the count is asked again: a page change, and the tab coming back into view. */
function useUnreadCount(): number {
  const [unreadCount, setUnreadCount] = useState(0);
  const pathname = usePathname();
  const [visibleAt, setVisibleAt] = useState(0);

  useEffect(() => onUnreadCount(setUnreadCount), []);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") setVisibleAt(Date.now());
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      try {
        const { unreadNotificationCountEndpoint } = await contracts();
        const answer = await callEndpoint(unreadNotificationCountEndpoint);
        if (isCurrent) setUnreadCount(answer.unreadCount);
      } catch {
        // The bell keeps its last number; the next page or focus asks again.
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [pathname, visibleAt]);
  return unreadCount;
}

/** The header's bell: the unread count, and a panel with the latest notifications. */
export function NotificationBell() {
  const unreadCount = useUnreadCount();
  const pathname = usePathname();
  // Open on the page it was opened on: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const setIsOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const [wasOpened, setWasOpened] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenOn(null);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen]);

  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications";
  return (
    <div ref={rootRef} className="relative">
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setIsOpen(!isOpen);
        }}
        className="relative"
      >
        <BellIcon />
        {unreadCount > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-semibold text-white"
          >
            {unreadCount > 99 ? "99+" : unreadCount}
          </span>
        ) : null}
      </Button>
      {wasOpened ? <NotificationPanel isOpen={isOpen} onClose={() => setIsOpen(false)} /> : null}
    </div>
  );
}
