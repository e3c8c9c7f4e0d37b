"use client";

import { OTPInput, REGEXP_ONLY_DIGITS_AND_CHARS } from "input-otp";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/label";
import { getVerificationOtp, validateOtp } from "@/lib/api-client/auth";
import { OTP_LENGTH, otpSchema } from "@/lib/validation/auth";
import { cn } from "@/lib/utils/cn";
import { closeAuthDialog, openAuthDialog } from "./auth-dialog-store";
import { errorText } from "./form-field";
import { useSession } from "./session-provider";
import { clearOtpResendState, useOtpResendCountdown } from "./use-otp-resend";

function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** 'Enter OTP': the 6-character code from the verification mail, with the resend countdown. */
export function OtpDialog({ open }: { open: boolean }) {
  const router = useRouter();
  const session = useSession();
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const { remaining, onSent } = useOtpResendCountdown(open);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setIsSubmitting(true);
    try {
      await validateOtp(parsed.data);
      toast.success("OTP validated successfully");
      clearOtpResendState();
      setOtp("");
      closeAuthDialog();
      await session.refresh();
      router.refresh();
    } catch (failure) {
      toast.error("OTP validation failed", { description: errorText(failure) });
    } finally {
      setIsSubmitting(false);
    }
  }

  async function onResend() {
    setIsResending(true);
    try {
      const { resendCount, nextResendInSeconds } = await getVerificationOtp();
      onSent(resendCount, nextResendInSeconds);
      toast.success("Verifiction code re-sent successfully");
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setIsResending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? openAuthDialog("otp") : closeAuthDialog())}>
      <DialogContent
        title="Enter OTP"
        description="Check your email for the OTP. If not received in 2-3 minutes, check spam."
        size="sm"
      >
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col items-center gap-4"
        >
          <OTPInput
            maxLength={OTP_LENGTH}
            value={otp}
            onChange={(value) => setOtp(value.toUpperCase())}
            pattern={REGEXP_ONLY_DIGITS_AND_CHARS}
            autoFocus
            aria-label="Verification code"
            aria-invalid={error ? true : undefined}
            containerClassName="flex items-center gap-2"
            render={({ slots }) => (
              <>
                {slots.map((slot, index) => (
                  <div
                    key={index}
                    className={cn(
                      "relative flex size-11 items-center justify-center rounded-lg border border-line-strong bg-surface font-mono text-lg font-semibold uppercase shadow-card sm:size-12",
                      slot.isActive && "border-brand-600 outline-2 outline-brand-600/40",
                      error && "border-red-600",
                    )}
                  >
                    {slot.char}
                    {slot.hasFakeCaret ? (
                      <span aria-hidden="true" className="absolute h-5 w-px animate-pulse bg-ink" />
                    ) : null}
                  </div>
                ))}
              </>
            )}
          />
          <FieldError>{error}</FieldError>
          <Button type="submit" fullWidth isLoading={isSubmitting}>
            Verify
          </Button>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {remaining > 0 ? (
              <>Resend code in {formatSeconds(remaining)}</>
            ) : (
              <>
                Didn&apos;t get a code?{" "}
                <button
                  type="button"
                  disabled={isResending}
                  onClick={() => void onResend()}
                  className="rounded font-medium text-brand-700 underline-offset-2 hover:underline disabled:opacity-50"
                >
                  Resend code
                </button>
              </>
            )}
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
