// PUT /api/v1/post/updateAttachments/{postId}?currentPage=: confirm uploads, thumbnail, YouTube links
import { route } from "@/lib/http/route";
import { updatePostAttachments } from "@/lib/services/posts/update-post-attachments";
import { updateAttachmentsEndpoint } from "@/lib/validation/post-authoring";

export const PUT = route(updateAttachmentsEndpoint, async ({ actor, params, query, body }) => ({
  post: await updatePostAttachments({
    actor,
    postId: params.postId,
    attachmentIds: body.attachmentIds,
    thumbnailId: body.thumbnailId,
    youtubeUrls: body.youtubeUrls,
    currentPage: query.currentPage,
  }),
}));

export * from "@/lib/http/method-not-allowed";
