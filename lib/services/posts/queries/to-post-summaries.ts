import "server-only";
import { and, eq, isNotNull, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { type Bindings, PreparedStatements, shapeOf } from "@/lib/db/prepared-statements";
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
import { stableReadUrl } from "@/lib/storage/stable-read-url";
import type { PostSummary } from "@/lib/validation/posts";
import { listedPostsWhere } from "../post-access";

const THUMBNAIL_URL_SECONDS = 60 * 60;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Where a page of cards comes from: SQL for a row source named `page` with the columns `id` (a
 * post id) and `ord` (its place on the page). Either a list of ids (`idsPage`) or a listing's page
 * query (`pageOf`), so a listing is one statement: the page and its cards in one round trip.
 */
export type CardPage = SQL;

/** The given post ids, in this order (or a placeholder bound to them). */
export function idsPage(postIds: string[] | Placeholder): CardPage {
  const ids = Array.isArray(postIds) ? sql.param(postIds) : postIds;
  return sql`unnest(${ids}::uuid[]) with ordinality as page(id, ord)`;
}

/**
 * The `ord` column of a page query: the row's place in the query's own order. It is computed over
 * rows already in that order, so it costs no extra sort.
 */
export function placeIn(order: SQL[]) {
  return sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("ord");
}

/** A query that selects `id` and `ord` (see placeIn), as the page. */
export function pageOf(query: SQL.Aliased | { getSQL(): SQL }): CardPage {
  return sql`(${query}) as page`;
}

/**
 * Card data for a page of posts, in the page's order, in one statement whatever the page size:
 * author, badges, category, partner, thumbnail, the actor's like and bookmark, the download
 * average and the ratings distribution (two lateral aggregates over indexed foreign keys).
 * `extra` adds columns computed per post in the same statement (the project page's detail, which
 * may refer to `posts`).
 */
export function postCardsQuery<TExtra extends SelectedFields = Record<never, never>>(
  database: Database,
  page: CardPage,
  { actorId, publicOnly }: { actorId: string | Placeholder | null; publicOnly: boolean },
  extra?: TExtra,
) {
  const hasLiked = actorId
    ? sql<boolean>`exists (select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${actorId})`
    : sql<boolean>`false`;
  const hasBookmarked = actorId
    ? sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.postId} = ${posts.id} and ${bookmarks.userId} = ${actorId})`
    : sql<boolean>`false`;
  // Download average: downloads over the listed files, without the zip bundle and video links.
  const downloads = database
    .select({ average: sql<string | null>`avg(${attachments.downloadCount})`.as("download_average") })
    .from(attachments)
    .where(
      and(
        eq(attachments.postId, posts.id),
        eq(attachments.status, "ready"),
        ne(attachments.category, "postZip"),
        ne(attachments.resourceType, "youtube"),
      ),
    )
    .as("downloads");
  const ratings = database
    .select({
      count: sql<number>`count(*)::int`.as("rated_count"),
      cutExpectation: sql<string | null>`avg(${projectMakes.cutExpectation})`.as("cut_expectation"),
      cutQuality: sql<string | null>`avg(${projectMakes.cutQuality})`.as("cut_quality"),
      correctFileInfo: sql<string | null>`avg(${projectMakes.correctFileInfo})`.as("correct_file_info"),
      coolFactor: sql<string | null>`avg(${projectMakes.coolFactor})`.as("cool_factor"),
      totalRating: sql<string | null>`avg(${projectMakes.totalRating})`.as("total_rating"),
    })
    .from(projectMakes)
    .where(
      and(
        eq(projectMakes.postId, posts.id),
        eq(projectMakes.isPrinted, true),
        isNotNull(projectMakes.totalRating),
      ),
    )
    .as("ratings");

  return database
    .select({
      id: posts.id,
      title: posts.title,
      description: posts.description,
      visibility: posts.visibility,
      createdAt: posts.createdAt,
      publishedAt: posts.publishedAt,
      likes: posts.likesCount,
      comments: posts.commentsCount,
      averageTotalRating: posts.averageTotalRating,
      userId: users.id,
      username: users.username,
      profilePicture: users.profilePicture,
      isOnefinityOfficial: users.isOnefinityOfficial,
      // Lookups by unique key as scalar subqueries rather than LEFT JOINs: the same rows, but the
      // planner has no join order to search (planning was most of the project page's statement).
      authorPartnerColor: sql<
        string | null
      >`(select ${partners.color} from ${partners} where ${partners.userId} = ${users.id})`,
      categoryId: sql<
        string | null
      >`(select ${categories.id} from ${categories} where ${categories.id} = ${posts.categoryId})`,
      categoryName: sql<
        string | null
      >`(select ${categories.name} from ${categories} where ${categories.id} = ${posts.categoryId})`,
      partnerName: sql<
        string | null
      >`(select ${partners.name} from ${partners} where ${partners.id} = ${posts.partnerId})`,
      partnerColor: sql<
        string | null
      >`(select ${partners.color} from ${partners} where ${partners.id} = ${posts.partnerId})`,
      partnerUserId: sql<
        string | null
      >`(select ${partners.userId} from ${partners} where ${partners.id} = ${posts.partnerId})`,
      thumbnailKey: sql<
        string | null
      >`(select ${attachments.storageKey} from ${attachments} where ${attachments.id} = ${posts.thumbnailId})`,
      hasLiked,
      hasBookmarked,
      downloadAverage: downloads.average,
      ratedCount: ratings.count,
      cutExpectation: ratings.cutExpectation,
      cutQuality: ratings.cutQuality,
      correctFileInfo: ratings.correctFileInfo,
      coolFactor: ratings.coolFactor,
      totalRating: ratings.totalRating,
      ...(extra as TExtra),
    })
    .from(page)
    .innerJoin(posts, sql`${posts.id} = page.id`)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoinLateral(downloads, sql`true`)
    .leftJoinLateral(ratings, sql`true`)
    .where(publicOnly ? listedPostsWhere : undefined)
    .orderBy(sql`page.ord`);
}

type CardRow = Awaited<ReturnType<typeof postCardsQuery>>[number];

/** One row of postCardsQuery as the API's card. */
export async function toSummary(row: CardRow): Promise<PostSummary> {
  const averageOf = (value: string | null) => round1(Number(value ?? 0));
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    visibility: row.visibility,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
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
      ? await stableReadUrl(getStorage(), row.thumbnailKey, { expiresInSeconds: THUMBNAIL_URL_SECONDS })
      : null,
    likes: row.likes,
    comments: row.comments,
    averageTotalRating: round1(row.averageTotalRating),
    downloadAverage: averageOf(row.downloadAverage),
    hasLikedByUser: Boolean(row.hasLiked),
    hasBookmarkedByUser: Boolean(row.hasBookmarked),
    ratingsDistribution: {
      count: Number(row.ratedCount ?? 0),
      cutExpectation: averageOf(row.cutExpectation),
      cutQuality: averageOf(row.cutQuality),
      correctFileInfo: averageOf(row.correctFileInfo),
      coolFactor: averageOf(row.coolFactor),
      totalRating: averageOf(row.totalRating),
    },
  };
}

/**
 * Cards for a page (see CardPage), in the page's order. `publicOnly` leaves out posts that are not
 * public (any more): for pages of ids remembered from an earlier query.
 */
export async function loadPostCards(
  page: CardPage,
  options: { actorId?: string | null; publicOnly?: boolean } = {},
): Promise<PostSummary[]> {
  const rows = await postCardsQuery(db(), page, {
    actorId: options.actorId ?? null,
    publicOnly: options.publicOnly ?? false,
  });
  return Promise.all(rows.map(toSummary));
}

type PreparedCards = ReturnType<ReturnType<typeof postCardsQuery>["prepare"]>;

/** The card statements of the shapes seen: a few per filter combination. */
const cardStatements = new PreparedStatements<PreparedCards>(1_000);

/**
 * loadPostCards for a page built with `bindings` (lib/db/prepared-statements.ts): the statement
 * is built once per shape of page and prepared, and each call only executes it with its values.
 * A page holding a value of its own is loaded as by loadPostCards.
 */
export async function loadBoundPostCards(
  page: CardPage,
  bindings: Bindings,
  options: { actorId?: string | null; publicOnly?: boolean } = {},
): Promise<PostSummary[]> {
  const pageShape = shapeOf(page);
  if (pageShape === null) return loadPostCards(page, options);
  const actorId = options.actorId ?? null;
  const publicOnly = options.publicOnly ?? false;
  const shape = `${actorId === null ? "guest" : "member"} ${publicOnly ? "public" : "any"}\n${pageShape}`;
  const statement = cardStatements.get(shape, () =>
    postCardsQuery(db(), page, {
      actorId: actorId === null ? null : sql.placeholder("actorId"),
      publicOnly,
    }).prepare(""),
  );
  const rows = await statement.execute(actorId === null ? bindings.values : { ...bindings.values, actorId });
  return Promise.all(rows.map(toSummary));
}

/** Cards for these post ids, in the given order (unknown ids are left out). */
export async function toPostSummaries(
  postIds: string[],
  options: { actorId?: string | null } = {},
): Promise<PostSummary[]> {
  if (postIds.length === 0) return [];
  return loadPostCards(idsPage(postIds), options);
}
