// PATCH /api/v1/auth/updateUserPassword: set a password (current one needed when the account has one)
import { requestFamilyId } from "@/lib/http/session-responses";
import { route } from "@/lib/http/route";
import { changePassword } from "@/lib/services/auth/passwords";
import { updateUserPasswordEndpoint } from "@/lib/validation/auth";

export const PATCH = route(updateUserPasswordEndpoint, async ({ request, actor, body }) => {
  const keepFamilyId = (await requestFamilyId(request)) ?? undefined;
  await changePassword(actor.id, body, { requireCurrent: false, keepFamilyId });
  return {};
});

export * from "@/lib/http/method-not-allowed";
