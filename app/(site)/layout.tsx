import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { SiteFrame } from "@/components/layout/site-frame";
import { REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { getCurrentActor } from "@/lib/auth/current-actor";
import { env } from "@/lib/env";
import { loadChromeUser } from "@/lib/services/users/load-user";
import type { SessionUser } from "@/lib/validation/session";

async function loadInitialUser(): Promise<SessionUser | null> {
  const actor = await getCurrentActor();
  if (!actor) return null;
  // A user deleted since the token was signed renders as a guest.
  return loadChromeUser(actor.id).catch(() => null);
}

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const initialUser = await loadInitialUser();
  // Only a visitor holding a refresh cookie may still have a session worth probing for.
  const hasRefreshCookie = (await cookies()).has(REFRESH_TOKEN_COOKIE);
  return (
    <SiteFrame
      initialUser={initialUser}
      hasRefreshCookie={hasRefreshCookie}
      adminDashboardUrl={env().ADMIN_DASHBOARD_URL ?? null}
    >
      {children}
    </SiteFrame>
  );
}
