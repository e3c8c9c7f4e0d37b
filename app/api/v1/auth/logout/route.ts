// GET /api/v1/auth/logout: revokes this session family on the server and clears the cookies
import { requestFamilyId, successClearingSession } from "@/lib/http/session-responses";
import { revokeFamily } from "@/lib/auth/sessions";
import { route } from "@/lib/http/route";
import { logoutEndpoint } from "@/lib/validation/auth";

export const GET = route(logoutEndpoint, async ({ request }) => {
  const familyId = await requestFamilyId(request);
  if (familyId) await revokeFamily(familyId);
  return successClearingSession({});
});

export * from "@/lib/http/method-not-allowed";
