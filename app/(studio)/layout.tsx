import type { ReactNode } from "react";
import { SessionProvider } from "@/components/auth/session-provider";
import { requireVerifiedUser } from "@/lib/auth/guards";
import { loadSessionUser } from "@/lib/services/users/load-user";

/**
 * The project wizard's focused frame (STYLE.md: `(studio)/project/`): only a verified user with a
 * complete sign-up gets here; visitors go to / (the spec's guard), and services check again.
 */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const actor = await requireVerifiedUser();
  const user = await loadSessionUser(actor.id);
  return (
    <SessionProvider initialUser={user} hasRefreshCookie>
      <div className="flex min-h-dvh flex-col bg-surface-muted">{children}</div>
    </SessionProvider>
  );
}
