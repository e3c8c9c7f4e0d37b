import "server-only";
import { and, gte, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { Bindings } from "@/lib/db/prepared-statements";
import { categories, listedPostSearch, partners, posts, users } from "@/lib/db/schema";
import { searchTsQuery } from "@/lib/search/search-index";
import type { ListingSort, ListPostsFilters, PostedAt } from "@/lib/validation/posts";
import { listedPostsWhere } from "../post-access";
import { placeIn } from "./to-post-summaries";

/** How many of a search's first results are ranked at once (./search-window.ts keeps them). */
export const SEARCH_WINDOW = 1_000;

/** Start of the calendar period (UTC) that a postedAt option names; weeks start on Monday. */
const PERIOD_START: Record<PostedAt, SQL> = {
  Today: sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
  "This Week": sql`date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`,
  "This Month": sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
  "This Year": sql`date_trunc('year', now() at time zone 'UTC') at time zone 'UTC'`,
};

/**
 * Filter conditions shared by the listing and its total, their values bound as placeholders. Only
 * public posts are ever listed.
 */
function listingConditions(filters: ListPostsFilters, bindings: Bindings, among?: readonly string[]): SQL[] {
  const conditions: SQL[] = [listedPostsWhere];
  if (filters.category) {
    // A scalar subquery (a post category's name is unique): the page then reads
    // posts_listed_category_idx in order, where `in (select ...)` sorted every post of the category.
    conditions.push(
      sql`${posts.categoryId} = (select ${categories.id} from ${categories} where ${categories.type} = 'post' and lower(${categories.name}) = lower(${bindings.bind(filters.category)}))`,
    );
  }
  if (filters.subCategory)
    conditions.push(sql`lower(${posts.subCategory}) = lower(${bindings.bind(filters.subCategory)})`);
  if (filters.postedAt) conditions.push(gte(posts.createdAt, PERIOD_START[filters.postedAt]));
  if (filters.author) {
    conditions.push(
      sql`${posts.userId} in (select ${users.id} from ${users} where ${users.isOnefinityOfficial})`,
    );
  }
  if (filters.toolType) {
    // The post's own flag (posts.tool_type_*, kept by triggers: a tool of that family, or a model
    // the G-code engine read as that kind of job; docs/gcode.md "Laser jobs"), so a page reads
    // posts_listed_laser_idx / _endmill_idx in order and a total counts that index alone.
    conditions.push(
      filters.toolType === "Laser" ? sql`${posts.toolTypeLaser}` : sql`${posts.toolTypeEndmill}`,
    );
  }
  if (filters.partner) {
    // A scalar subquery (one partner per user): the planner then estimates one partner's share of
    // posts and reads them through posts_partner_idx, instead of walking the newest-first index
    // in the hope of meeting 20 of a partner's few posts.
    conditions.push(
      sql`${posts.partnerId} = (select ${partners.id} from ${partners} where ${partners.userId} = ${bindings.bind(filters.partner)} limit 1)`,
    );
  }
  if (filters.ratings) conditions.push(sql`${posts.averageTotalRating} >= ${bindings.bind(filters.ratings)}`);
  if (among) conditions.push(sql`${posts.id} = any(${bindings.bind(among)}::uuid[])`);
  else if (filters.searchQuery)
    conditions.push(sql`${posts.searchVector} @@ ${searchTsQuery(filters.searchQuery, bindings)}`);
  return conditions;
}

/**
 * The listing's `sort` orders, most first, each read in order from its own partial index
 * (posts_listed_<sort>_idx); newest and then the id break ties, so offset pages never repeat or
 * skip a post. NULLS LAST like the indexes (drizzle's desc() index columns).
 */
const SORT_ORDERS: Record<ListingSort, SQL[]> = {
  latest: [sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`],
  popular: [sql`${posts.likesCount} desc nulls last`],
  topRated: [sql`${posts.averageTotalRating} desc nulls last`],
  mostMade: [sql`${posts.makesCount} desc nulls last`],
  mostDownloaded: [sql`${posts.downloadsCount} desc nulls last`],
};

/**
 * The order of GET /api/v1/post. With `sort`: that order (a search then only filters; PostgreSQL
 * answers it, not the search window). Without: the "top results" order, relevance (ts_rank over
 * the weighted vector: title > tags > description) first with a search. Always then newest
 * first, with the id as the final tie-break, so the order is total. Without a search or sort this
 * is exactly the (visibility, created_at desc nulls last, id desc nulls last) index, so a page is
 * an index range scan.
 */
function listingOrder(filters: ListPostsFilters, bindings: Bindings): SQL[] {
  if (filters.sort === "latest") return SORT_ORDERS.latest;
  const order: SQL[] = filters.sort ? [...SORT_ORDERS[filters.sort]] : [];
  if (filters.searchQuery && !filters.sort) {
    order.push(sql`ts_rank(${posts.searchVector}, ${searchTsQuery(filters.searchQuery, bindings)}) desc`);
  }
  // NULLS LAST like the index (drizzle's desc() index columns): both columns are NOT NULL, so
  // this changes nothing but lets PostgreSQL read the order from the index instead of sorting.
  order.push(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`);
  return order;
}

/** Whether a listing filters by more than its search text (its sort is no filter). */
export function hasOtherFilters(filters: ListPostsFilters): boolean {
  return Object.entries(filters).some(
    ([name, value]) => name !== "searchQuery" && name !== "sort" && value !== undefined,
  );
}

/** The filters that decide which posts match, and so a listing's total and search window. */
export function matchingKey(filters: ListPostsFilters): string {
  return JSON.stringify({ ...filters, sort: undefined });
}

export type ListingQueries = ReturnType<typeof listingQueries>;

/**
 * The page (ids with their place), the search window and the total, as query builders (the
 * benchmark EXPLAINs them), with the values of their placeholders in `bindings`. `among`, for a
 * sorted search whose window holds every match: the page is those posts in the sort's order, in
 * place of the search condition (list-posts.ts, loadListing).
 */
export function listingQueries(
  database: Database,
  {
    filters,
    page,
    limit,
    among,
  }: { filters: ListPostsFilters; page: number; limit: number; among?: readonly string[] },
) {
  const bindings = new Bindings();
  const where = and(...listingConditions(filters, bindings, among));
  const order = listingOrder(filters, bindings);
  // The search window's rows: the same posts and the same sort keys as `order`, read from the
  // narrow listed_post_search (public posts only); other filters check the post itself.
  const { searchQuery = "", ...otherFilters } = filters;
  const query = searchTsQuery(searchQuery, bindings);
  const others = hasOtherFilters(filters)
    ? sql`${listedPostSearch.postId} in (select ${posts.id} from ${posts} where ${and(...listingConditions(otherFilters, bindings))})`
    : undefined;
  // Referenced twice below (the rows and their count), so PostgreSQL materializes it once: the
  // ranked matches are read once, and the count is a pass over three narrow columns.
  const matches = database.$with("matches").as(
    database
      .select({
        id: listedPostSearch.postId,
        createdAt: listedPostSearch.createdAt,
        rank: sql<number>`ts_rank(${listedPostSearch.searchVector}, ${query})`.as("rank"),
      })
      .from(listedPostSearch)
      .where(and(sql`${listedPostSearch.searchVector} @@ ${query}`, others)),
  );
  return {
    bindings,
    page: database
      .select({
        id: posts.id,
        ord: placeIn(order),
      })
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(bindings.bind(limit))
      .offset(bindings.bind((page - 1) * limit)),
    /**
     * The first SEARCH_WINDOW ids in the listing's order, each row with the count of all matches.
     * Ranking already reads every match, so counting them here saves a second pass over the same
     * rows: the count reads the materialized `matches` (three narrow columns), as the top-N sort
     * does, where `count(*) over ()` would buffer the same rows once more.
     */
    window: database
      .with(matches)
      .select({ id: matches.id, total: sql<number>`(select count(*) from ${matches})::int` })
      .from(matches)
      .orderBy(
        sql`${matches.rank} desc`,
        sql`${matches.createdAt} desc nulls last`,
        sql`${matches.id} desc nulls last`,
      )
      .limit(SEARCH_WINDOW),
    total: database
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .where(where),
  };
}
