"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertIcon, DownloadIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { type DownloadLog, getDownloadLogsEndpoint } from "@/lib/validation/download-logs";
import { RESOURCE_BADGE_TONES, formatDownloadDate } from "./download-log-format";

/** Spec §9: ten a page, five skeleton rows. */
export const DOWNLOAD_LOGS_PAGE_SIZE = 10;
const SKELETON_ROWS = 5;

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; logs: DownloadLog[]; page: number; totalPages: number; isLoadingMore: boolean };

/**
 * The owner's download history (spec §2 "Download logs view"): an infinite list that asks for the
 * next page when its last row scrolls into view, while the page is below totalPages.
 */
export function DownloadLogsView() {
  const [state, setState] = useState<State>({ status: "loading" });
  const lastRow = useRef<HTMLLIElement>(null);
  const inFlight = useRef(false);

  const load = useCallback((page: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    callEndpoint(getDownloadLogsEndpoint, { query: { page, limit: DOWNLOAD_LOGS_PAGE_SIZE } })
      .then((data) =>
        setState((current) => {
          const earlier = page > 1 && current.status === "ready" ? current.logs : [];
          const seen = new Set(earlier.map((log) => log._id));
          return {
            status: "ready",
            logs: [...earlier, ...data.downloadLogs.filter((log) => !seen.has(log._id))],
            page,
            totalPages: data.pagination.totalPages,
            isLoadingMore: false,
          };
        }),
      )
      .catch((error: unknown) =>
        setState({
          status: "error",
          message:
            error instanceof Error && error.message
              ? error.message
              : "An error occurred while loading the download logs.",
        }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  }, []);

  useEffect(() => load(1), [load]);

  const hasMore = state.status === "ready" && state.page < state.totalPages;
  const nextPage = state.status === "ready" ? state.page + 1 : 1;
  const rowCount = state.status === "ready" ? state.logs.length : 0;

  useEffect(() => {
    const row = lastRow.current;
    if (!row || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || inFlight.current) return;
      setState((current) => (current.status === "ready" ? { ...current, isLoadingMore: true } : current));
      load(nextPage);
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [hasMore, load, nextPage, rowCount]);

  if (state.status === "loading") return <DownloadLogsSkeleton />;

  if (state.status === "error") {
    return (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-red-900"
      >
        <AlertIcon className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">Error loading download logs</p>
          <p className="mt-1 text-sm">{state.message}</p>
        </div>
      </div>
    );
  }

  if (state.logs.length === 0) {
    return (
      <EmptyState
        icon={<DownloadIcon />}
        title="No download logs"
        text="You haven't downloaded any files yet. Your download history will appear here."
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul
        className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
        aria-label="Download history"
      >
        {state.logs.map((log, index) => (
          <li
            key={log._id}
            ref={index === state.logs.length - 1 ? lastRow : undefined}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            data-testid="download-log-row"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink" title={log.fileName}>
                {log.fileName}
              </p>
              {log.postId ? (
                <Link
                  href={`/model/${log.postId}`}
                  prefetch={false}
                  className="truncate text-sm text-ink-muted hover:underline"
                >
                  {log.title}
                </Link>
              ) : (
                <p className="truncate text-sm text-ink-muted">{log.title}</p>
              )}
            </div>
            <div className="flex items-center gap-3 sm:justify-end">
              <Badge
                tone={RESOURCE_BADGE_TONES[log.resourceType]}
                className="capitalize"
                data-resource-type={log.resourceType}
              >
                {log.resourceType}
              </Badge>
              <time
                dateTime={log.createdAt}
                className="text-sm whitespace-nowrap text-ink-subtle tabular-nums"
              >
                {formatDownloadDate(log.createdAt)}
              </time>
            </div>
          </li>
        ))}
      </ul>
      {state.isLoadingMore ? <DownloadLogsSkeleton /> : null}
      {!hasMore ? (
        <p className="text-center text-sm text-ink-muted">
          You&apos;ve reached the end of your download history.
        </p>
      ) : null}
    </div>
  );
}

export function DownloadLogsSkeleton() {
  return (
    <ul
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
      aria-busy="true"
      aria-label="Loading download logs"
    >
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <li key={index} className="flex items-center gap-4 px-4 py-3" data-testid="download-log-skeleton">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </li>
      ))}
    </ul>
  );
}
