// POST /api/v1/auth/login: e-mail + password; a new session family (cookies) on success
import { answerWithNewSession, requestFamilyId } from "@/lib/http/session-responses";
import { revokeFamily } from "@/lib/auth/sessions";
import { clientIp } from "@/lib/auth/session-cookies";
import { route } from "@/lib/http/route";
import { login } from "@/lib/services/auth/accounts";
import { loadSessionUser } from "@/lib/services/users/load-user";
import { loginEndpoint } from "@/lib/validation/auth";

export const POST = route(loginEndpoint, async ({ request, body }) => {
  const { userId } = await login(body.email, body.password, clientIp(request));
  // Whatever session this browser had before is ended: a login always starts a fresh one.
  const previous = await requestFamilyId(request);
  if (previous) await revokeFamily(previous);
  return answerWithNewSession(request, userId, { user: await loadSessionUser(userId) });
});

export * from "@/lib/http/method-not-allowed";
