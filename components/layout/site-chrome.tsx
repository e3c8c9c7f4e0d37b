"use client";

import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { closeAuthDialog, openAuthDialog, takePendingAuthDialog } from "@/components/auth/auth-dialog-store";
import { AuthDialogs } from "@/components/auth/auth-dialogs";
import { useSession } from "@/components/auth/session-provider";
import { logout } from "@/lib/api-client/auth";
import { authErrorMessage } from "@/lib/validation/auth-errors";
import { flashToastAfterLoad, takeFlashToast } from "./flash-toast";
import { SiteHeader } from "./site-header";
import { WaitlistBanner } from "./waitlist-banner";

/** The header, the waitlist banner and the auth dialogs, driven by the session. */
export function SiteChrome({ adminDashboardUrl = null }: { adminDashboardUrl?: string | null }) {
  const session = useSession();
  const { user } = session;

  // The Google callback reports a failed sign-in as /?authError=<code>; only known codes show
  // their fixed text, anything else is dropped from the address silently.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("authError")) return;
    const message = authErrorMessage(url.searchParams.get("authError"));
    if (message) toast.error("Login Failed", { description: message });
    url.searchParams.delete("authError");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, []);

  // A toast left by the previous page before a full load (logging out, below).
  useEffect(() => {
    const message = takeFlashToast();
    if (message) toast.success(message);
  }, []);

  // The OTP entry asked for by sign-up survives the reload that the home page may need.
  const isUnverified = user !== null && !user.isVerified;
  useEffect(() => {
    if (!isUnverified) return;
    const pending = takePendingAuthDialog();
    if (pending === "otp") openAuthDialog("otp");
  }, [isUnverified]);

  async function onLogout() {
    try {
      await logout();
    } catch {
      // The cookies may already be gone; the session state is cleared below either way.
    }
    session.clear();
    closeAuthDialog();
    // A full load of `/`: a signed-out visitor gets the cached guest page (ADR 007), and Next's
    // client router cannot always swap a signed-in page for it in place (it reloads instead, and a
    // toast shown here would be lost): the next page shows it.
    flashToastAfterLoad("Logged out successfully");
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point (above)
    window.location.assign("/");
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
        adminDashboardUrl={adminDashboardUrl}
      />
      {user && !user.isVerified ? <WaitlistBanner /> : null}
      <AuthDialogs />
    </>
  );
}
