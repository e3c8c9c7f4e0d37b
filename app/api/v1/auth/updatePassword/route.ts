// PATCH /api/v1/auth/updatePassword: change the password; other sessions end
import { requestFamilyId } from "@/lib/http/session-responses";
import { route } from "@/lib/http/route";
import { changePassword } from "@/lib/services/auth/passwords";
import { updatePasswordEndpoint } from "@/lib/validation/auth";

export const PATCH = route(updatePasswordEndpoint, async ({ request, actor, body }) => {
  const keepFamilyId = (await requestFamilyId(request)) ?? undefined;
  await changePassword(actor.id, body, { requireCurrent: true, keepFamilyId });
  return {};
});

export * from "@/lib/http/method-not-allowed";
