import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/guards";
import { loadSessionUser } from "@/lib/services/users/load-user";
import { ChangePasswordForm } from "./_components/change-password-form";

export const metadata: Metadata = { title: "Change Password", robots: { index: false } };

export default async function ChangePasswordPage() {
  const actor = await requireUser();
  const user = await loadSessionUser(actor.id);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <ChangePasswordForm isGoogleAccount={user.authProvider === "google"} />
    </div>
  );
}
