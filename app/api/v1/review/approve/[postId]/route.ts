// POST /api/v1/review/approve/{postId}: staff publish a pending post; its author is e-mailed
import { route } from "@/lib/http/route";
import { approvePost } from "@/lib/services/review/approve-post";
import { approvePostEndpoint } from "@/lib/validation/review";

export const POST = route(approvePostEndpoint, async ({ actor, params }) =>
  approvePost({ actor, postId: params.postId }),
);

export * from "@/lib/http/method-not-allowed";
