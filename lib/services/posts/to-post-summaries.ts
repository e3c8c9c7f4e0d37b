import "server-only";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/lib/db/client";
import {
  attachments,
  bookmarks,
  categories,
  likes,
  partners,
  posts,
  projectMakes,
  users,
} from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import type { PostSummary, RatingsDistribution } from "@/lib/validation/posts";

const THUMBNAIL_URL_SECONDS = 60 * 60;

const authorPartners = alias(partners, "author_partners");

const round1 = (value: number) => Math.round(value * 10) / 10;

const EMPTY_DISTRIBUTION: RatingsDistribution = {
  count: 0,
  cutExpectation: 0,
  cutQuality: 0,
  correctFileInfo: 0,
  coolFactor: 0,
  totalRating: 0,
};

/**
 * Card data for a page of post ids, in the given order, in three queries whatever the page size
 * (run together): the posts with author, badges, category, partner, thumbnail and the actor's
 * like and bookmark; the download averages; the ratings distributions.
 */
export async function toPostSummaries(
  postIds: string[],
  options: { actorId?: string | null } = {},
): Promise<PostSummary[]> {
  if (postIds.length === 0) return [];
  const actorId = options.actorId ?? null;
  const hasLiked = actorId
    ? sql<boolean>`exists (select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${actorId})`
    : sql<boolean>`false`;
  const hasBookmarked = actorId
    ? sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.postId} = ${posts.id} and ${bookmarks.userId} = ${actorId})`
    : sql<boolean>`false`;

  const [rows, downloadRows, ratingRows] = await Promise.all([
    db()
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
        authorPartnerColor: authorPartners.color,
        categoryId: categories.id,
        categoryName: categories.name,
        partnerName: partners.name,
        partnerColor: partners.color,
        partnerUserId: partners.userId,
        thumbnailKey: attachments.storageKey,
        hasLiked,
        hasBookmarked,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(authorPartners, eq(authorPartners.userId, users.id))
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .leftJoin(partners, eq(partners.id, posts.partnerId))
      .leftJoin(attachments, eq(attachments.id, posts.thumbnailId))
      .where(inArray(posts.id, postIds)),
    // Download average: downloads over the listed files, without the zip bundle and video links.
    db()
      .select({
        postId: attachments.postId,
        average: sql<string>`avg(${attachments.downloadCount})`,
      })
      .from(attachments)
      .where(
        and(
          inArray(attachments.postId, postIds),
          eq(attachments.status, "ready"),
          ne(attachments.category, "postZip"),
          ne(attachments.resourceType, "youtube"),
        ),
      )
      .groupBy(attachments.postId),
    db()
      .select({
        postId: projectMakes.postId,
        count: sql<number>`count(*)::int`,
        cutExpectation: sql<string>`avg(${projectMakes.cutExpectation})`,
        cutQuality: sql<string>`avg(${projectMakes.cutQuality})`,
        correctFileInfo: sql<string>`avg(${projectMakes.correctFileInfo})`,
        coolFactor: sql<string>`avg(${projectMakes.coolFactor})`,
        totalRating: sql<string>`avg(${projectMakes.totalRating})`,
      })
      .from(projectMakes)
      .where(
        and(
          inArray(projectMakes.postId, postIds),
          eq(projectMakes.isPrinted, true),
          isNotNull(projectMakes.totalRating),
        ),
      )
      .groupBy(projectMakes.postId),
  ]);
  const downloadAverage = new Map(downloadRows.map((row) => [row.postId, Number(row.average)]));
  const distributions = new Map<string, RatingsDistribution>(
    ratingRows.map((row) => [
      row.postId,
      {
        count: Number(row.count),
        cutExpectation: round1(Number(row.cutExpectation)),
        cutQuality: round1(Number(row.cutQuality)),
        correctFileInfo: round1(Number(row.correctFileInfo)),
        coolFactor: round1(Number(row.coolFactor)),
        totalRating: round1(Number(row.totalRating)),
      },
    ]),
  );

  const storage = getStorage();
  const summaries = await Promise.all(
    rows.map(async (row): Promise<PostSummary> => ({
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
        partnerColor: row.authorPartnerColor ?? null,
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
      averageTotalRating: round1(row.averageTotalRating),
      downloadAverage: round1(downloadAverage.get(row.id) ?? 0),
      hasLikedByUser: Boolean(row.hasLiked),
      hasBookmarkedByUser: Boolean(row.hasBookmarked),
      ratingsDistribution: distributions.get(row.id) ?? EMPTY_DISTRIBUTION,
    })),
  );
  const byId = new Map(summaries.map((summary) => [summary._id, summary]));
  return postIds.flatMap((id) => byId.get(id) ?? []);
}
