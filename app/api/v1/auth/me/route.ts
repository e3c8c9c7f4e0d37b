// GET /api/v1/auth/me: the signed-in user
import { route } from "@/lib/http/route";
import { loadSessionUser } from "@/lib/services/users/load-user";
import { meEndpoint } from "@/lib/validation/auth";

export const GET = route(meEndpoint, async ({ actor }) => ({ user: await loadSessionUser(actor.id) }));

export * from "@/lib/http/method-not-allowed";
