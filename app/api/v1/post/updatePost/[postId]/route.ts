// PATCH /api/v1/post/updatePost/{postId}: the owner saves wizard fields; currentPage 8 submits for review
import { route } from "@/lib/http/route";
import { updatePost } from "@/lib/services/posts/update-post";
import { updatePostEndpoint } from "@/lib/validation/post-authoring";

export const PATCH = route(updatePostEndpoint, async ({ actor, params, body }) => {
  const { currentPage, youtubeAttachments, ...fields } = body;
  return {
    post: await updatePost({
      actor,
      postId: params.postId,
      fields,
      youtubeUrls: youtubeAttachments,
      currentPage,
    }),
  };
});

export * from "@/lib/http/method-not-allowed";
