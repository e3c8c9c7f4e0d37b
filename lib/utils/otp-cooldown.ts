/**
 * The spec's resend rule (section 9), shared by the server (enforced) and the browser (countdown):
 * wait 30 s x 2^count, doubled again when the previous send was under 30 s before the last one,
 * capped at 300 s; the count starts over 900 s after the last send.
 */
export const OTP_RESEND_BASE_SECONDS = 30;
export const OTP_RESEND_CAP_SECONDS = 300;
export const OTP_RESEND_RESET_SECONDS = 900;

/** Seconds to wait after the last send, given the resend count and the gap before the last send. */
export function otpResendWaitSeconds(resendCount: number, previousGapSeconds: number | null): number {
  let wait = OTP_RESEND_BASE_SECONDS * 2 ** Math.max(0, resendCount);
  if (previousGapSeconds !== null && previousGapSeconds < OTP_RESEND_BASE_SECONDS) wait *= 2;
  return Math.min(wait, OTP_RESEND_CAP_SECONDS);
}

/**
 * From the send times of one account (newest first): how many resends belong to the current chain
 * (sends less than 900 s apart, the first send not counted) and when the next send is allowed.
 */
export function otpResendState(
  sendTimes: readonly Date[],
  now: Date,
): { resendCount: number; waitSeconds: number; retryAfterSeconds: number } {
  const [last] = sendTimes;
  if (!last || (now.getTime() - last.getTime()) / 1000 >= OTP_RESEND_RESET_SECONDS) {
    return { resendCount: 0, waitSeconds: 0, retryAfterSeconds: 0 };
  }
  let chain = 1;
  for (let i = 1; i < sendTimes.length; i += 1) {
    const newer = sendTimes[i - 1] as Date;
    const older = sendTimes[i] as Date;
    if ((newer.getTime() - older.getTime()) / 1000 >= OTP_RESEND_RESET_SECONDS) break;
    chain += 1;
  }
  const resendCount = chain - 1;
  const previous = sendTimes[1];
  const gap = chain > 1 && previous ? (last.getTime() - previous.getTime()) / 1000 : null;
  const waitSeconds = otpResendWaitSeconds(resendCount, gap);
  const elapsed = (now.getTime() - last.getTime()) / 1000;
  return { resendCount, waitSeconds, retryAfterSeconds: Math.max(0, Math.ceil(waitSeconds - elapsed)) };
}
