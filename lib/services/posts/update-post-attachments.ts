import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { PostVisibility } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";
import { attachments, posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { confirmUploads } from "@/lib/services/attachments/confirm-uploads";
import type { PostDetail } from "@/lib/validation/posts";
import { replaceYoutubeLinks } from "./authoring/replace-youtube-links";
import { getPostDetail } from "./get-post-detail";
import { assertPostOwned, visibilityAfterEdit } from "./post-access";
import { refreshPreflightReports } from "./preflight/refresh-preflight-reports";
import { pruneToolpathThumbnails } from "./prune-toolpath-thumbnails";
import { renderToolpathThumbnails } from "./render-toolpath-thumbnails";

/** Images a post's thumbnail may be: its own thumbnail uploads, its models' toolpath pictures and media pictures. */
const THUMBNAIL_CATEGORIES = ["postThumbnail", "postMedia"] as const;

/**
 * After the browser PUT its files (spec §7 upload flow): the files of this post are checked
 * from the stored bytes and marked ready (confirmUploads refuses and removes a file that is not
 * what it claimed; G-code models are analysed there), each new model gets a toolpath picture
 * (offered as the thumbnail) and a pre-flight report, the thumbnail is chosen, and the YouTube
 * list is replaced. The post's own
 * rows change in one transaction after the checks.
 */
export async function updatePostAttachments({
  actor,
  postId,
  attachmentIds,
  thumbnailId,
  youtubeUrls,
  currentPage,
}: {
  actor: Actor;
  postId: string;
  attachmentIds: string[];
  thumbnailId?: string;
  youtubeUrls?: string[];
  currentPage?: number;
}): Promise<PostDetail> {
  const post = await assertPostOwned(postId, actor);
  if (attachmentIds.length > 0) {
    const owned = await db()
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.postId, postId), inArray(attachments.id, attachmentIds)));
    if (owned.length !== new Set(attachmentIds).size) throw new AppError("NOT_FOUND", "Attachment not found");
    await confirmUploads({ actor, attachmentIds });
  }
  // Models just confirmed: a picture of each toolpath, offered as the project thumbnail.
  const modelIds =
    attachmentIds.length === 0
      ? []
      : (
          await db()
            .select({ id: attachments.id })
            .from(attachments)
            .where(and(inArray(attachments.id, attachmentIds), eq(attachments.category, "postModel")))
        ).map((model) => model.id);
  await renderToolpathThumbnails({ userId: actor.id, postId, modelIds });
  await pruneToolpathThumbnails(postId);

  await db().transaction(async (tx) => {
    const changes: Partial<typeof posts.$inferInsert> = {};
    if (thumbnailId) {
      const [image] = await tx
        .select({ id: attachments.id })
        .from(attachments)
        .where(
          and(
            eq(attachments.id, thumbnailId),
            eq(attachments.postId, postId),
            eq(attachments.status, "ready"),
            inArray(attachments.category, [...THUMBNAIL_CATEGORIES]),
            inArray(attachments.resourceType, ["image", "thumbnail"]),
          ),
        )
        .limit(1);
      if (!image) {
        throw new AppError("VALIDATION", "Upload a valid thumbnail (invalid file type)", {
          issues: [{ path: "thumbnailId", message: "Upload a valid thumbnail (invalid file type)" }],
        });
      }
      changes.thumbnailId = image.id;
    }
    if (youtubeUrls) await replaceYoutubeLinks(tx, { userId: actor.id, postId, urls: youtubeUrls });
    const changesContent = attachmentIds.length > 0 || thumbnailId !== undefined || youtubeUrls !== undefined;
    if (changesContent) changes.visibility = visibilityAfterEdit(post) as PostVisibility;
    if (currentPage) changes.currentPage = currentPage;
    // Their pre-flight reports against the job setup and tools saved so far (again on submit).
    if (modelIds.length > 0) await refreshPreflightReports(tx, postId, modelIds);
    if (Object.keys(changes).length > 0) await tx.update(posts).set(changes).where(eq(posts.id, postId));
  });
  return getPostDetail({ postId, actor });
}
