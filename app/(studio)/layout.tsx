import type { ReactNode } from "react";
import { SessionProvider } from "@/components/auth/session-provider";
import { VerifyEmailPrompt } from "@/components/auth/verify-email-prompt";
import { requireUser } from "@/lib/auth/guards";
import { loadSessionUser } from "@/lib/services/users/load-user";

/**
 * The project wizard's focused frame (STYLE.md: `(studio)/project/`): visitors go to / (the spec's
 * guard); a signed-in user who has not verified the e-mail enters the code here first. Services
 * check again (lib/services/users/permissions.ts).
 */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const actor = await requireUser();
  const user = await loadSessionUser(actor.id);
  return (
    <SessionProvider initialUser={user} hasRefreshCookie>
      <div className="flex min-h-dvh flex-col bg-surface-muted">
        {actor.isVerified ? children : <VerifyEmailPrompt />}
      </div>
    </SessionProvider>
  );
}
