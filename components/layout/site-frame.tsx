import type { ReactNode } from "react";
import { SessionProvider } from "@/components/auth/session-provider";
import type { SessionUser } from "@/lib/validation/session";
import { SiteChrome } from "./site-chrome";
import { SiteFooter } from "./site-footer";
import { WelcomeBanner } from "./welcome-banner";

/**
 * The site's chrome (skip link, header, welcome strip, footer) around a page. The per-request
 * layout of app/(site) and the cached guest home page (app/(guest), ADR 007) both render it, so
 * a signed-out visitor sees the same frame whichever of the two served the page.
 */
export function SiteFrame({
  initialUser,
  hasRefreshCookie,
  isSharedPage = false,
  adminDashboardUrl = null,
  children,
}: {
  initialUser: SessionUser | null;
  hasRefreshCookie: boolean;
  /** A cached page served to everyone alike, members included (ADR 019). */
  isSharedPage?: boolean;
  /** An external 'Admin Dashboard' (ADMIN_DASHBOARD_URL); null: the site's review queue. */
  adminDashboardUrl?: string | null;
  children: ReactNode;
}) {
  return (
    <SessionProvider
      initialUser={initialUser}
      hasRefreshCookie={hasRefreshCookie}
      isSharedPage={isSharedPage}
    >
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="fixed top-3 left-3 z-50 -translate-y-[200%] rounded-lg bg-surface px-4 py-2 font-medium text-ink shadow-overlay transition-transform focus:translate-y-0"
        >
          Skip to content
        </a>
        <SiteChrome adminDashboardUrl={adminDashboardUrl} />
        <WelcomeBanner />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </SessionProvider>
  );
}
