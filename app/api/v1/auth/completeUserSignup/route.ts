// POST /api/v1/auth/completeUserSignup: profile completion of a Google account
import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_TTL_SECONDS } from "@/lib/auth/cookies";
import { requestFamilyId } from "@/lib/http/session-responses";
import { serializeCookie } from "@/lib/auth/session-cookies";
import { accessTokenFor } from "@/lib/auth/sessions";
import { success } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { completeUserSignup } from "@/lib/services/auth/accounts";
import { loadSessionUser } from "@/lib/services/users/load-user";
import { completeUserSignupEndpoint } from "@/lib/validation/auth";

export const POST = route(completeUserSignupEndpoint, async ({ request, actor, body }) => {
  await completeUserSignup(actor.id, body);
  const data = { user: await loadSessionUser(actor.id) };
  // A fresh access token of the same session, now saying the sign-up is complete (proxy.ts).
  const familyId = await requestFamilyId(request);
  if (!familyId) return data;
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(ACCESS_TOKEN_COOKIE, await accessTokenFor(actor.id, familyId), ACCESS_TOKEN_TTL_SECONDS),
  );
  return success(data, { headers });
});

export * from "@/lib/http/method-not-allowed";
