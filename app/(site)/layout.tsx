import type { ReactNode } from "react";
import { SessionProvider } from "@/components/auth/session-provider";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { WelcomeBanner } from "@/components/layout/welcome-banner";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    // The signed-in user is loaded here once the accounts area provides it (GET /api/v1/auth/me).
    <SessionProvider initialUser={null}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="fixed top-3 left-3 z-50 -translate-y-[200%] rounded-lg bg-surface px-4 py-2 font-medium text-ink shadow-overlay transition-transform focus:translate-y-0"
        >
          Skip to content
        </a>
        <SiteHeader user={null} />
        <WelcomeBanner />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </SessionProvider>
  );
}
