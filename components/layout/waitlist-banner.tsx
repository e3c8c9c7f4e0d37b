"use client";

import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { InfoIcon } from "@/components/ui/icons";
import { Container } from "./container";

/** Shown to signed-in users who are not verified yet (waitlisted). */
export function WaitlistBanner() {
  return (
    <section aria-label="Verify your account" className="border-b border-amber-200 bg-amber-50">
      <Container className="flex flex-col gap-2 py-3 text-sm text-amber-950 sm:flex-row sm:items-center">
        <p className="flex flex-1 items-start gap-2">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            You&apos;re on the waitlist. Verify your e-mail address with the code we sent you to start sharing
            projects.
          </span>
        </p>
        <button
          type="button"
          onClick={() => openAuthDialog("otp")}
          className="self-start rounded-lg bg-amber-600 px-3 py-1.5 font-semibold text-white shadow-card transition-colors hover:bg-amber-700 sm:self-auto"
        >
          Enter OTP here
        </button>
      </Container>
    </section>
  );
}
