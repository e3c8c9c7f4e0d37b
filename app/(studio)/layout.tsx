import Link from "next/link";
import type { ReactNode } from "react";
import { SessionProvider } from "@/components/auth/session-provider";
import { buttonClasses } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/guards";
import { loadSessionUser } from "@/lib/services/users/load-user";

/**
 * The project wizard's focused frame (STYLE.md: `(studio)/project/`): visitors go to / (the spec's
 * guard); a signed-in user who has not verified the e-mail is told to do that first. Services
 * check again (lib/services/users/permissions.ts).
 */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const actor = await requireUser();
  const user = await loadSessionUser(actor.id);
  return (
    <SessionProvider initialUser={user} hasRefreshCookie>
      <div className="flex min-h-dvh flex-col bg-surface-muted">
        {actor.isVerified ? (
          children
        ) : (
          <main
            id="main"
            className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
          >
            <h1 className="text-xl font-semibold text-ink">Please verify your e-mail address first.</h1>
            <p className="text-ink-muted">
              Enter the code we e-mailed you (the waitlist banner has &lsquo;Enter OTP here&rsquo;), then come
              back to share your project.
            </p>
            <Link href="/" className={buttonClasses()}>
              Go to Homepage
            </Link>
          </main>
        )}
      </div>
    </SessionProvider>
  );
}
