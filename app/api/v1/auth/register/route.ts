// POST /api/v1/auth/register: multipart sign-up; mails the first verification code and signs in
import { answerWithNewSession } from "@/lib/http/session-responses";
import { clientIp } from "@/lib/auth/session-cookies";
import { route } from "@/lib/http/route";
import { register } from "@/lib/services/auth/accounts";
import { loadSessionUser } from "@/lib/services/users/load-user";
import { registerEndpoint } from "@/lib/validation/auth";

export const POST = route(registerEndpoint, async ({ request, body }) => {
  const { userId } = await register(body, clientIp(request));
  return answerWithNewSession(request, userId, { user: await loadSessionUser(userId) }, 201);
});

export * from "@/lib/http/method-not-allowed";
