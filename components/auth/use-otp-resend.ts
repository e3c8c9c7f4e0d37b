"use client";

import { useCallback, useEffect, useState } from "react";
import { OTP_RESEND_RESET_SECONDS, otpResendWaitSeconds } from "@/lib/utils/otp-cooldown";

/** The spec's localStorage keys for the resend countdown (section 4). */
export const OTP_RESEND_COUNT_KEY = "otpResendCount";
export const LAST_OTP_SENT_TIME_KEY = "lastOtpSentTime";

interface StoredResend {
  count: number;
  lastSentAt: number | null;
}

function readStored(): StoredResend {
  try {
    const count = Number(window.localStorage.getItem(OTP_RESEND_COUNT_KEY) ?? "0");
    const last = Number(window.localStorage.getItem(LAST_OTP_SENT_TIME_KEY) ?? "");
    const lastSentAt = Number.isFinite(last) && last > 0 ? last : null;
    // 900 s after the last send the counts start over.
    if (lastSentAt !== null && Date.now() - lastSentAt >= OTP_RESEND_RESET_SECONDS * 1000) {
      clearOtpResendState();
      return { count: 0, lastSentAt: null };
    }
    return { count: Number.isFinite(count) && count > 0 ? count : 0, lastSentAt };
  } catch {
    return { count: 0, lastSentAt: null };
  }
}

/** Records a send (sign-up's first code, or a resend with the server's count). */
export function recordOtpSent(resendCount: number): void {
  try {
    window.localStorage.setItem(OTP_RESEND_COUNT_KEY, String(resendCount));
    window.localStorage.setItem(LAST_OTP_SENT_TIME_KEY, String(Date.now()));
  } catch {
    // Storage unavailable: the server still enforces the cooldown.
  }
}

export function clearOtpResendState(): void {
  try {
    window.localStorage.removeItem(OTP_RESEND_COUNT_KEY);
    window.localStorage.removeItem(LAST_OTP_SENT_TIME_KEY);
  } catch {
    // Nothing to clear.
  }
}

function secondsLeft(stored: StoredResend, serverWait: number | null): number {
  if (stored.lastSentAt === null) return 0;
  const wait = serverWait ?? otpResendWaitSeconds(stored.count, null);
  return Math.max(0, Math.ceil((stored.lastSentAt + wait * 1000 - Date.now()) / 1000));
}

/** Seconds until the resend link shows again, ticking every second while the dialog is open. */
export function useOtpResendCountdown(isActive: boolean) {
  const [serverWait, setServerWait] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (!isActive) return;
    const tick = () => setRemaining(secondsLeft(readStored(), serverWait));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [isActive, serverWait]);

  const onSent = useCallback((resendCount: number, nextResendInSeconds: number) => {
    recordOtpSent(resendCount);
    setServerWait(nextResendInSeconds);
    setRemaining(nextResendInSeconds);
  }, []);

  return { remaining, onSent };
}
