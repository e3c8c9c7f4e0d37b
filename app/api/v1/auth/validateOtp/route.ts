// POST /api/v1/auth/validateOtp: verifies the account with the mailed code
import { clientIp } from "@/lib/auth/session-cookies";
import { route } from "@/lib/http/route";
import { validateOtp } from "@/lib/services/auth/otp";
import { validateOtpEndpoint } from "@/lib/validation/auth";

export const POST = route(validateOtpEndpoint, async ({ request, actor, body }) => ({
  user: await validateOtp(actor.id, body.otp, clientIp(request)),
}));

export * from "@/lib/http/method-not-allowed";
