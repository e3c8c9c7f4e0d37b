import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { posts } from "@/lib/db/schema";
import { assertCanCreateProject } from "@/lib/services/users/permissions";
import type { PostFields } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { readThumbnailFile, storeThumbnailFile } from "./authoring/store-thumbnail-file";
import { writePostFields } from "./authoring/write-post-fields";
import { getPostDetail } from "./get-post-detail";

/**
 * A new draft owned by the actor (the wizard's step 1, or `post/create` with a full payload).
 * The row, its tags, machines and tools, and the thumbnail file when one came with step 1 are
 * written in one transaction.
 */
export async function createPostDraft({
  actor,
  fields,
  thumbnail,
  currentPage = 2,
}: {
  actor: Actor;
  fields: PostFields & { title: string; description: string };
  thumbnail?: File;
  currentPage?: number;
}): Promise<PostDetail> {
  assertCanCreateProject(actor);
  const thumbnailFile = thumbnail ? await readThumbnailFile(thumbnail) : null;
  const postId = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        userId: actor.id,
        title: fields.title,
        description: fields.description,
        visibility: "draft",
        currentPage,
      })
      .returning({ id: posts.id });
    if (!row) throw new Error("insert returned no row");
    await writePostFields(tx, row.id, fields);
    if (thumbnail && thumbnailFile) {
      await storeThumbnailFile(tx, {
        userId: actor.id,
        postId: row.id,
        fileName: thumbnail.name,
        thumbnail: thumbnailFile,
      });
    }
    return row.id;
  });
  return getPostDetail({ postId, actor });
}
