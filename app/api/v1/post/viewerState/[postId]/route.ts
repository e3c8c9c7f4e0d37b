// GET /api/v1/post/viewerState/{postId}: the caller's own state on a project page (ADR 017)
import { route } from "@/lib/http/route";
import { getPostViewerState } from "@/lib/services/posts/get-post-viewer-state";
import { getPostViewerStateEndpoint } from "@/lib/validation/posts";

export const GET = route(getPostViewerStateEndpoint, async ({ actor, params }) => ({
  viewerState: await getPostViewerState({ actor, postId: params.postId }),
}));

export * from "@/lib/http/method-not-allowed";
