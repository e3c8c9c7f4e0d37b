import type { ReactNode } from "react";
import { SiteFrame } from "@/components/layout/site-frame";
import { env } from "@/lib/env";

/**
 * The site's chrome of the cached pages, with no cookie or session read: pages under this group
 * are rendered once and served to everyone alike (ADR 007, ADR 017). Project pages are served from
 * here to members too (ADR 019): the session provider asks who is signed in after load, and the
 * header shows them then (the member hint keeps 'Log in' from flashing).
 */
export default function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame
      initialUser={null}
      hasRefreshCookie={false}
      isSharedPage
      adminDashboardUrl={env().ADMIN_DASHBOARD_URL ?? null}
    >
      {children}
    </SiteFrame>
  );
}
