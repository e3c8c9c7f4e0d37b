// POST /api/v1/follow/create { username }: follow a maker (idempotent; not oneself)
import { route } from "@/lib/http/route";
import { followUser } from "@/lib/services/follows/follow-user";
import { createFollowEndpoint } from "@/lib/validation/follows";

export const POST = route(createFollowEndpoint, async ({ actor, body }) => ({
  follow: await followUser({ actor, username: body.username }),
}));

export * from "@/lib/http/method-not-allowed";
