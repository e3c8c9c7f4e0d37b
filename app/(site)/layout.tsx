import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { SessionProvider } from "@/components/auth/session-provider";
import { SiteChrome } from "@/components/layout/site-chrome";
import { SiteFooter } from "@/components/layout/site-footer";
import { WelcomeBanner } from "@/components/layout/welcome-banner";
import { REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { getCurrentActor } from "@/lib/auth/current-actor";
import { loadSessionUser } from "@/lib/services/users/load-user";
import type { SessionUser } from "@/lib/validation/session";

async function loadInitialUser(): Promise<SessionUser | null> {
  const actor = await getCurrentActor();
  if (!actor) return null;
  // A user deleted since the token was signed renders as a guest.
  return loadSessionUser(actor.id).catch(() => null);
}

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const initialUser = await loadInitialUser();
  // Only a visitor holding a refresh cookie may still have a session worth probing for.
  const hasRefreshCookie = (await cookies()).has(REFRESH_TOKEN_COOKIE);
  return (
    <SessionProvider initialUser={initialUser} hasRefreshCookie={hasRefreshCookie}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="fixed top-3 left-3 z-50 -translate-y-[200%] rounded-lg bg-surface px-4 py-2 font-medium text-ink shadow-overlay transition-transform focus:translate-y-0"
        >
          Skip to content
        </a>
        <SiteChrome />
        <WelcomeBanner />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </SessionProvider>
  );
}
