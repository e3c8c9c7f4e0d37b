// GET /api/v1/projectMake/post/{postId}: makes of a visible post, newest first
import { route } from "@/lib/http/route";
import { listMakes } from "@/lib/services/makes/list-makes";
import { getMakesEndpoint } from "@/lib/validation/makes";

export const GET = route(getMakesEndpoint, async ({ actor, params }) => ({
  makes: await listMakes({ postId: params.postId, actor }),
}));

export * from "@/lib/http/method-not-allowed";
