// POST /api/v1/auth/resetPassword: new password with a single-use reset token; all sessions end
import { successClearingSession } from "@/lib/http/session-responses";
import { route } from "@/lib/http/route";
import { resetPassword } from "@/lib/services/auth/passwords";
import { resetPasswordEndpoint } from "@/lib/validation/auth";

export const POST = route(resetPasswordEndpoint, async ({ body }) => {
  await resetPassword(body.token, body.password);
  return successClearingSession({});
});

export * from "@/lib/http/method-not-allowed";
