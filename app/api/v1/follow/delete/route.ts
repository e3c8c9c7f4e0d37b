// DELETE /api/v1/follow/delete?username=: stop following a maker (idempotent)
import { route } from "@/lib/http/route";
import { unfollowUser } from "@/lib/services/follows/follow-user";
import { deleteFollowEndpoint } from "@/lib/validation/follows";

export const DELETE = route(deleteFollowEndpoint, async ({ actor, query }) => ({
  follow: await unfollowUser({ actor, username: query.username }),
}));

export * from "@/lib/http/method-not-allowed";
