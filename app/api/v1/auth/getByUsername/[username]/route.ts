// GET /api/v1/auth/getByUsername/{username}: a profile with the owner's privacy applied to others
import { route } from "@/lib/http/route";
import { loadPublicUser } from "@/lib/services/users/load-user";
import { getByUsernameEndpoint } from "@/lib/validation/users";

export const GET = route(getByUsernameEndpoint, async ({ params, actor }) => ({
  user: await loadPublicUser(params.username, actor?.id ?? null),
}));

export * from "@/lib/http/method-not-allowed";
