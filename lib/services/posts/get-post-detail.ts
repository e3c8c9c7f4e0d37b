import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, posts, postTags, tags } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import type { Actor } from "@/lib/services/users/find-actor";
import type { PostDetail } from "@/lib/validation/posts";
import { toPostSummaries } from "./to-post-summaries";

const ATTACHMENT_URL_SECONDS = 15 * 60;
const NOT_FOUND_MESSAGE = "Project not found";

/** Drafts and posts pending review are visible to their owner and to staff only. */
export function canViewPost(post: { visibility: string; userId: string }, actor: Actor | null): boolean {
  if (post.visibility === "public" || post.visibility === "unlisted") return true;
  return actor !== null && (actor.id === post.userId || actor.isStaff);
}

export async function getPostDetail({
  postId,
  actor,
}: {
  postId: string;
  actor: Actor | null;
}): Promise<PostDetail> {
  const [post] = await db()
    .select({
      userId: posts.userId,
      visibility: posts.visibility,
      softwareUsed: posts.softwareUsed,
      materialUsed: posts.materialUsed,
      jobType: posts.jobType,
      units: posts.units,
      licenceType: posts.licenceType,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  // A hidden post answers exactly like a missing one, so ids of drafts do not leak.
  if (!post || !canViewPost(post, actor)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);

  const [[summary], files, tagRows] = await Promise.all([
    toPostSummaries([postId]),
    db()
      .select({
        id: attachments.id,
        fileName: attachments.fileName,
        category: attachments.category,
        resourceType: attachments.resourceType,
        storageKey: attachments.storageKey,
        externalUrl: attachments.externalUrl,
        fileSize: attachments.fileSize,
        downloadCount: attachments.downloadCount,
      })
      .from(attachments)
      .where(eq(attachments.postId, postId))
      .orderBy(asc(attachments.category), asc(attachments.position), asc(attachments.createdAt)),
    db()
      .select({ id: tags.id, name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, postId))
      .orderBy(asc(tags.name)),
  ]);
  if (!summary) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);

  const storage = getStorage();
  return {
    ...summary,
    attachments: await Promise.all(
      files.map(async (file) => ({
        _id: file.id,
        fileName: file.fileName,
        category: file.category,
        resourceType: file.resourceType,
        url: file.storageKey
          ? await storage.presignGet(file.storageKey, { expiresInSeconds: ATTACHMENT_URL_SECONDS })
          : file.externalUrl,
        fileSize: file.fileSize,
        downloadCount: file.downloadCount,
      })),
    ),
    tags: tagRows.map((tag) => ({ _id: tag.id, name: tag.name })),
    softwareUsed: post.softwareUsed,
    materialUsed: post.materialUsed,
    jobType: post.jobType,
    units: post.units,
    licenceType: post.licenceType,
  };
}
