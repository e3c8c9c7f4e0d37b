import type { Metadata } from "next";
import { NotFoundView } from "@/components/layout/not-found-view";
import { ResetPasswordForm } from "./_components/reset-password-form";

export const metadata: Metadata = { title: "Reset Password", robots: { index: false } };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { resetToken } = await searchParams;
  // The spec: without resetToken the page is a not-found view.
  if (typeof resetToken !== "string" || resetToken.trim() === "") {
    return (
      <NotFoundView text="This password reset link is incomplete. Request a new one from the login dialog." />
    );
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <ResetPasswordForm token={resetToken} />
    </div>
  );
}
