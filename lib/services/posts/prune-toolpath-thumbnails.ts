import "server-only";
import { and, eq, inArray, like } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, posts } from "@/lib/db/schema";
import { postFilesWhere } from "@/lib/services/attachments/post-files";
import { getStorage } from "@/lib/storage";
import { toolpathThumbnailKey } from "./render-toolpath-thumbnails";

/**
 * Removes the toolpath pictures (render-toolpath-thumbnails.ts) of models the post no longer has,
 * rows and stored objects, so a deleted model's picture is not offered any more. The post's chosen
 * thumbnail is kept even when its model is gone: the author picked it.
 */
export async function pruneToolpathThumbnails(postId: string): Promise<void> {
  const prefix = toolpathThumbnailKey(postId, "");
  const pictures = await db()
    .select({ id: attachments.id, storageKey: attachments.storageKey })
    .from(attachments)
    .where(
      and(
        postFilesWhere(postId, "postThumbnail"),
        like(attachments.storageKey, `${prefix.slice(0, -".webp".length)}%`),
      ),
    );
  if (pictures.length === 0) return;
  const [post] = await db()
    .select({ thumbnailId: posts.thumbnailId })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  const models = await db()
    .select({ id: attachments.id })
    .from(attachments)
    .where(postFilesWhere(postId, "postModel"));
  const kept = new Set(models.map((model) => toolpathThumbnailKey(postId, model.id)));
  const orphans = pictures.filter(
    (picture) => picture.id !== post?.thumbnailId && !kept.has(picture.storageKey ?? ""),
  );
  if (orphans.length === 0) return;
  await db()
    .delete(attachments)
    .where(
      inArray(
        attachments.id,
        orphans.map((picture) => picture.id),
      ),
    );
  await getStorage().deleteObjects(
    orphans.map((picture) => picture.storageKey).filter((key): key is string => !!key),
  );
}
