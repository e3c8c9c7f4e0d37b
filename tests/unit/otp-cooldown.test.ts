import { describe, expect, it } from "vitest";
import { otpResendState, otpResendWaitSeconds } from "@/lib/utils/otp-cooldown";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

describe("otpResendWaitSeconds", () => {
  it("is 30 x 2^count, doubled after a send under 30 s, capped at 300", () => {
    expect(otpResendWaitSeconds(0, null)).toBe(30);
    expect(otpResendWaitSeconds(1, 45)).toBe(60);
    expect(otpResendWaitSeconds(2, 200)).toBe(120);
    expect(otpResendWaitSeconds(1, 10)).toBe(120);
    expect(otpResendWaitSeconds(3, 500)).toBe(240);
    expect(otpResendWaitSeconds(4, 500)).toBe(300);
    expect(otpResendWaitSeconds(3, 5)).toBe(300);
  });
});

describe("otpResendState", () => {
  it("counts resends of the current chain and the time left", () => {
    expect(otpResendState([], at(0))).toEqual({ resendCount: 0, waitSeconds: 0, retryAfterSeconds: 0 });
    expect(otpResendState([at(0)], at(10))).toEqual({
      resendCount: 0,
      waitSeconds: 30,
      retryAfterSeconds: 20,
    });
    expect(otpResendState([at(100), at(0)], at(130))).toEqual({
      resendCount: 1,
      waitSeconds: 60,
      retryAfterSeconds: 30,
    });
  });

  it("starts over 900 s after the last send, and a gap of 900 s breaks the chain", () => {
    expect(otpResendState([at(0)], at(900)).resendCount).toBe(0);
    expect(otpResendState([at(0)], at(900)).retryAfterSeconds).toBe(0);
    expect(otpResendState([at(1000), at(50)], at(1010))).toEqual({
      resendCount: 0,
      waitSeconds: 30,
      retryAfterSeconds: 20,
    });
  });
});
