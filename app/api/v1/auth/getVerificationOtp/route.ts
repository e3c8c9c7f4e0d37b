// GET /api/v1/auth/getVerificationOtp: mails a new code under the cooldown rule (refused cross-site)
import { clientIp } from "@/lib/auth/session-cookies";
import { route } from "@/lib/http/route";
import { resendOtp } from "@/lib/services/auth/otp";
import { getVerificationOtpEndpoint } from "@/lib/validation/auth";

export const GET = route(getVerificationOtpEndpoint, async ({ actor, request }) =>
  resendOtp(actor.id, clientIp(request)),
);

export * from "@/lib/http/method-not-allowed";
