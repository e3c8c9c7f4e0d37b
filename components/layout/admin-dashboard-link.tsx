"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { useReviewQueueCount } from "@/components/review/use-review-queue-count";
import { DashboardIcon, ExternalLinkIcon } from "@/components/ui/icons";
import { externalLinkProps } from "./links";

/** The site's own dashboard for staff: the review queue (used when no external one is configured). */
export const REVIEW_QUEUE_PATH = "/admin/review";

/**
 * 'Admin Dashboard' (staff only): the external dashboard when ADMIN_DASHBOARD_URL is set, the
 * review queue otherwise, with the number of projects waiting for review. Props and ref pass
 * through, so a menu item can wrap it (asChild).
 */
export function AdminDashboardLink({
  externalUrl,
  ...props
}: Omit<ComponentProps<"a">, "href" | "children"> & { externalUrl: string | null }) {
  const count = useReviewQueueCount(true);
  const badge =
    count !== null && count > 0 ? (
      <span
        className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
        aria-label={`${count} waiting for review`}
        data-testid="review-queue-count"
      >
        {count}
      </span>
    ) : null;
  if (externalUrl) {
    return (
      <a href={externalUrl} {...externalLinkProps} {...props}>
        <DashboardIcon />
        Admin Dashboard
        {badge}
        <ExternalLinkIcon className={badge ? undefined : "ml-auto"} />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link href={REVIEW_QUEUE_PATH} prefetch={false} {...props}>
      <DashboardIcon />
      Admin Dashboard
      {badge}
    </Link>
  );
}
