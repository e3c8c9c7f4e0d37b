// GET /api/v1/auth/usernameAvailability?username=: reserved and taken names are unavailable
import { route } from "@/lib/http/route";
import { isUsernameAvailable } from "@/lib/services/auth/accounts";
import { usernameAvailabilityEndpoint } from "@/lib/validation/auth";

export const GET = route(usernameAvailabilityEndpoint, async ({ query, actor }) => ({
  available: await isUsernameAvailable(query.username, actor?.id),
}));

export * from "@/lib/http/method-not-allowed";
