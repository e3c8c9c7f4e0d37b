// POST /api/v1/review/reject/{postId} { reason }: staff send a pending post back to draft; its author is e-mailed the reason
import { route } from "@/lib/http/route";
import { rejectPost } from "@/lib/services/review/reject-post";
import { rejectPostEndpoint } from "@/lib/validation/review";

export const POST = route(rejectPostEndpoint, async ({ actor, params, body }) =>
  rejectPost({ actor, postId: params.postId, reason: body.reason }),
);

export * from "@/lib/http/method-not-allowed";
