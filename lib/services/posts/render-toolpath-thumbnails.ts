import "server-only";
import { createHash } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { postFilesWhere, readyPostThumbnail } from "@/lib/services/attachments/post-files";
import { renderStoredGcodeThumbnail } from "@/lib/services/gcode/render-stored-gcode-thumbnail";
import { getStorage } from "@/lib/storage";

/**
 * Larger programs are not drawn on upload: drawing keeps the whole toolpath in memory (for the
 * 49 MB corpus file about 280 MB on top of the server's own, against 35 MB for its analysis), which
 * would break the upload's memory budget (2x the file; docs/performance.md, "Uploading a model").
 */
export const MAX_RENDERED_MODEL_BYTES = 20 * 1024 * 1024;

/** Where the picture of one model's toolpath is stored: one per model, so a retry replaces it. */
export const toolpathThumbnailKey = (postId: string, modelId: string) =>
  `posts/${postId}/toolpath/${modelId}.webp`;

/**
 * Each uploaded model gets a top-view picture of its toolpath, stored as one of the
 * post's thumbnails (category postThumbnail, resource type thumbnail), which the wizard offers as
 * the project thumbnail. Never fails the upload: a program that cannot be drawn simply has none.
 */
export async function renderToolpathThumbnails({
  userId,
  postId,
  modelIds,
}: {
  userId: string;
  postId: string;
  modelIds: readonly string[];
}): Promise<void> {
  if (modelIds.length === 0) return;
  const models = await db()
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      fileSize: attachments.fileSize,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(and(postFilesWhere(postId, "postModel", { ready: true }), inArray(attachments.id, [...modelIds])));
  const storage = getStorage();
  for (const model of models) {
    if (!model.storageKey || (model.fileSize ?? 0) > MAX_RENDERED_MODEL_BYTES) continue;
    try {
      const image = await renderStoredGcodeThumbnail(model.storageKey, { format: "webp" });
      if (!image) continue;
      const storageKey = toolpathThumbnailKey(postId, model.id);
      await storage.putObject(storageKey, image, { contentType: "image/webp", contentLength: image.length });
      const values = {
        fileName: `${model.fileName} (toolpath).webp`,
        fileHash: createHash("sha256").update(image).digest("hex"),
        fileSize: image.length,
        contentType: "image/webp",
      };
      await db()
        .insert(attachments)
        .values({ ...readyPostThumbnail(userId, postId), resourceType: "thumbnail", storageKey, ...values })
        .onConflictDoUpdate({ target: attachments.storageKey, set: values });
    } catch (error) {
      console.error(`Toolpath thumbnail of attachment ${model.id} failed`, error);
    }
  }
}
