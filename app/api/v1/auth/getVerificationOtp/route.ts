// GET /api/v1/auth/getVerificationOtp: mails a new code under the cooldown rule (refused cross-site)
import { route } from "@/lib/http/route";
import { resendOtp } from "@/lib/services/auth/otp";
import { getVerificationOtpEndpoint } from "@/lib/validation/auth";

export const GET = route(getVerificationOtpEndpoint, async ({ actor }) => resendOtp(actor.id));

export * from "@/lib/http/method-not-allowed";
