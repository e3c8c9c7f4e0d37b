"use client";

import { useCallback, useEffect, useState } from "react";
import { errorText } from "@/components/auth/form-field";
import { toast } from "@/components/ui/toast";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import type { Notification } from "@/lib/validation/notifications";
import { announceUnreadCount } from "./notification-events";

// The contracts build zod schemas: imported at the first call.
const contracts = () => import("@/lib/validation/notifications");

export interface NotificationsState {
  notifications: Notification[] | null;
  error: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  unreadCount: number;
  loadMore(): Promise<void>;
  retry(): void;
  markRead(ids?: string[]): Promise<void>;
}

/** A page of the reader's notifications (the bell's panel, the notifications page), and marking them read. */
export function useNotifications({
  limit,
  initial,
}: {
  limit: number;
  /** The first page, when the server already loaded it. */
  initial?: { notifications: Notification[]; unreadCount: number; total: number };
}): NotificationsState {
  const [notifications, setNotifications] = useState<Notification[] | null>(initial?.notifications ?? null);
  const [total, setTotal] = useState(initial?.total ?? 0);
  const [page, setPage] = useState(1);
  const [unreadCount, setUnreadCount] = useState(initial?.unreadCount ?? 0);
  const [error, setError] = useState<string | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (pageToLoad: number) => {
      const { listNotificationsEndpoint } = await contracts();
      return callEndpoint(listNotificationsEndpoint, { query: { page: pageToLoad, limit } });
    },
    [limit],
  );

  useEffect(() => {
    if (initial && attempt === 0) return;
    let isCurrent = true;
    load(1)
      .then((answer) => {
        if (!isCurrent) return;
        setNotifications(answer.notifications);
        setTotal(answer.pagination.total);
        setUnreadCount(answer.unreadCount);
        setPage(1);
        setError(null);
        announceUnreadCount(answer.unreadCount);
      })
      .catch((caught: unknown) => {
        if (isCurrent) setError(errorText(caught));
      });
    return () => {
      isCurrent = false;
    };
    // `initial` is the server's first page: used once, never a reason to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, attempt]);

  async function loadMore() {
    setIsLoadingMore(true);
    try {
      const answer = await load(page + 1);
      const seen = new Set((notifications ?? []).map((item) => item._id));
      setNotifications([
        ...(notifications ?? []),
        ...answer.notifications.filter((item) => !seen.has(item._id)),
      ]);
      setTotal(answer.pagination.total);
      setPage(page + 1);
    } catch (caught) {
      toast.error("Could not load more notifications", { description: errorText(caught) });
    } finally {
      setIsLoadingMore(false);
    }
  }

  async function markRead(ids?: string[]) {
    try {
      const { markNotificationsReadEndpoint } = await contracts();
      const answer = await callEndpoint(markNotificationsReadEndpoint, { body: ids ? { ids } : {} });
      const readAt = new Date().toISOString();
      setNotifications((list) =>
        (list ?? []).map((item) =>
          item.readAt === null && (!ids || ids.includes(item._id)) ? { ...item, readAt } : item,
        ),
      );
      setUnreadCount(answer.unreadCount);
      announceUnreadCount(answer.unreadCount);
    } catch (caught) {
      toast.error("Could not mark as read", { description: errorText(caught) });
    }
  }

  return {
    notifications,
    error,
    hasMore: notifications !== null && notifications.length < total,
    isLoadingMore,
    unreadCount,
    loadMore,
    retry: () => {
      setError(null);
      setAttempt((value) => value + 1);
    },
    markRead,
  };
}
