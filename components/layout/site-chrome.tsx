"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "sonner";
import { closeAuthDialog, openAuthDialog } from "@/components/auth/auth-dialog-store";
import { AuthDialogs } from "@/components/auth/auth-dialogs";
import { useSession } from "@/components/auth/session-provider";
import { logout } from "@/lib/api-client/auth";
import { SiteHeader } from "./site-header";
import { WaitlistBanner } from "./waitlist-banner";

/** The header, the waitlist banner and the auth dialogs, driven by the session. */
export function SiteChrome() {
  const router = useRouter();
  const session = useSession();
  const { user } = session;

  // The Google callback reports a failed sign-in as /?authError=<text>.
  useEffect(() => {
    const url = new URL(window.location.href);
    const authError = url.searchParams.get("authError");
    if (!authError) return;
    toast.error("Login Failed", { description: authError });
    url.searchParams.delete("authError");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, []);

  async function onLogout() {
    try {
      await logout();
    } catch {
      // The cookies may already be gone; the session state is cleared below either way.
    }
    session.clear();
    closeAuthDialog();
    router.push("/");
    router.refresh();
    toast.success("Logged out successfully");
  }

  return (
    <>
      <SiteHeader
        user={
          user
            ? { username: user.username, profilePicture: user.profilePicture, isStaff: user.isStaff }
            : null
        }
        onLogin={() => openAuthDialog("login")}
        onLogout={onLogout}
      />
      {user && !user.isVerified ? <WaitlistBanner /> : null}
      <AuthDialogs />
    </>
  );
}
