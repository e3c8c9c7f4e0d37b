import "server-only";
import { eq, inArray, isNotNull, and, or } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, posts, projectMakes } from "@/lib/db/schema";
import { deleteAttachmentObjects } from "@/lib/services/attachments/upload-keys";
import type { Actor } from "@/lib/auth/actor";
import { assertPostOwned } from "./post-access";

/**
 * Deletes the actor's own post. In one transaction the post row is locked, the storage keys of its
 * files and of its makes' images are collected, and the post is deleted (its attachments, tools,
 * likes, bookmarks, comments and makes go by cascade, see docs/data-model.md). The stored objects
 * are removed after the commit: a failure there leaves unreferenced files to sweep, never rows
 * that point at missing files.
 */
export async function deletePost({
  actor,
  postId,
}: {
  actor: Actor;
  postId: string;
}): Promise<{ _id: string }> {
  const files = await db().transaction(async (tx) => {
    await assertPostOwned(postId, actor, {
      executor: tx,
      lock: true,
      forbiddenMessage: "You can only delete your own projects.",
    });

    const makeIds = tx
      .select({ id: projectMakes.id })
      .from(projectMakes)
      .where(eq(projectMakes.postId, postId));
    const files = await tx
      .select({ storageKey: attachments.storageKey, uploadKey: attachments.uploadKey })
      .from(attachments)
      .where(
        and(
          isNotNull(attachments.storageKey),
          or(eq(attachments.postId, postId), inArray(attachments.makeId, makeIds)),
        ),
      );
    await tx.delete(posts).where(eq(posts.id, postId));
    return files;
  });

  try {
    await deleteAttachmentObjects(files);
  } catch (error) {
    console.error(`[posts] post ${postId} deleted but ${files.length} stored files were not:`, error);
  }
  return { _id: postId };
}
