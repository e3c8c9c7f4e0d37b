import type { ReactNode } from "react";
import { SiteFrame } from "@/components/layout/site-frame";

/**
 * The site's chrome for a signed-out visitor, with no cookie or session read: pages under this
 * group can be cached and served to every guest alike (ADR 007).
 */
export default function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame initialUser={null} hasRefreshCookie={false}>
      {children}
    </SiteFrame>
  );
}
