import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments, categories, partners, posts, users } from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import type { PostSummary } from "@/lib/validation/posts";

const THUMBNAIL_URL_SECONDS = 60 * 60;

/**
 * Card data for a page of post ids, in the given order, in two queries whatever the page size:
 * the posts with author, category, partner and thumbnail, then the download averages.
 */
export async function toPostSummaries(postIds: string[]): Promise<PostSummary[]> {
  if (postIds.length === 0) return [];
  const rows = await db()
    .select({
      id: posts.id,
      title: posts.title,
      description: posts.description,
      visibility: posts.visibility,
      createdAt: posts.createdAt,
      likes: posts.likesCount,
      comments: posts.commentsCount,
      averageTotalRating: posts.averageTotalRating,
      userId: users.id,
      username: users.username,
      profilePicture: users.profilePicture,
      isOnefinityOfficial: users.isOnefinityOfficial,
      categoryId: categories.id,
      categoryName: categories.name,
      partnerName: partners.name,
      partnerColor: partners.color,
      partnerUserId: partners.userId,
      thumbnailKey: attachments.storageKey,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(partners, eq(partners.id, posts.partnerId))
    .leftJoin(attachments, eq(attachments.id, posts.thumbnailId))
    .where(inArray(posts.id, postIds));

  // Download average: downloads over the listed files, without the zip bundle and video links.
  const downloadRows = await db()
    .select({
      postId: attachments.postId,
      average: sql<string>`avg(${attachments.downloadCount})`,
    })
    .from(attachments)
    .where(
      and(
        inArray(attachments.postId, postIds),
        ne(attachments.category, "postZip"),
        ne(attachments.resourceType, "youtube"),
      ),
    )
    .groupBy(attachments.postId);
  const downloadAverage = new Map(downloadRows.map((row) => [row.postId, Number(row.average)]));

  const storage = getStorage();
  const byId = new Map<string, PostSummary>();
  for (const row of rows) {
    byId.set(row.id, {
      _id: row.id,
      title: row.title,
      description: row.description,
      visibility: row.visibility,
      createdAt: row.createdAt.toISOString(),
      user: {
        _id: row.userId,
        username: row.username,
        profilePicture: row.profilePicture,
        isOnefinityOfficial: row.isOnefinityOfficial,
      },
      category: row.categoryId && row.categoryName ? { _id: row.categoryId, name: row.categoryName } : null,
      partner:
        row.partnerName && row.partnerColor && row.partnerUserId
          ? { name: row.partnerName, color: row.partnerColor, user: row.partnerUserId }
          : null,
      thumbnail: row.thumbnailKey
        ? await storage.presignGet(row.thumbnailKey, { expiresInSeconds: THUMBNAIL_URL_SECONDS })
        : null,
      likes: row.likes,
      comments: row.comments,
      averageTotalRating: row.averageTotalRating,
      downloadAverage: Math.round((downloadAverage.get(row.id) ?? 0) * 10) / 10,
    });
  }
  return postIds.flatMap((id) => byId.get(id) ?? []);
}
