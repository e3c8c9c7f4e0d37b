// POST /api/v1/auth/sendPasswordResetEmail: the same answer whether or not the address exists
import { clientIp } from "@/lib/auth/session-cookies";
import { route } from "@/lib/http/route";
import { sendPasswordResetEmail } from "@/lib/services/auth/passwords";
import { sendPasswordResetEmailEndpoint } from "@/lib/validation/auth";

export const POST = route(sendPasswordResetEmailEndpoint, async ({ request, body }) => {
  await sendPasswordResetEmail(body.email, clientIp(request));
  return {};
});

export * from "@/lib/http/method-not-allowed";
