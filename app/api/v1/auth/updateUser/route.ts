// POST /api/v1/auth/updateUser: Edit Profile (multipart)
import { route } from "@/lib/http/route";
import { updateUser } from "@/lib/services/users/update-user";
import { updateUserEndpoint } from "@/lib/validation/users";

export const POST = route(updateUserEndpoint, async ({ actor, body }) => ({
  user: await updateUser(actor.id, body),
}));

export * from "@/lib/http/method-not-allowed";
