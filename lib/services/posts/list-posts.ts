import "server-only";
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { categories, partners, posts, toolData, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/users/find-actor";
import type { ListPostsFilters, PostedAt, PostList } from "@/lib/validation/posts";
import { toPostSummaries } from "./to-post-summaries";

/** Start of the calendar period (UTC) that a postedAt option names; weeks start on Monday. */
const PERIOD_START: Record<PostedAt, SQL> = {
  Today: sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
  "This Week": sql`date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`,
  "This Month": sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
  "This Year": sql`date_trunc('year', now() at time zone 'UTC') at time zone 'UTC'`,
};

/** Quotes, a leading minus or a lone "or": the person is using web-search syntax on purpose. */
const WEB_SEARCH_SYNTAX = /["]|(^|\s)-\S|\sor\s/i;
const MAX_SEARCH_TERMS = 8;

/**
 * The search text as a tsquery, with English stemming like the search vector. Plain words must all
 * match, each as a prefix, so a half-typed "walnut coa" already finds the walnut coasters. Text
 * with web-search syntax ("a phrase", -word, or) goes through websearch_to_tsquery instead.
 */
export function searchTsQuery(text: string): SQL {
  if (WEB_SEARCH_SYNTAX.test(text)) return sql`websearch_to_tsquery('english', ${text})`;
  // Letters and digits only, so nothing in a term can be tsquery syntax.
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // A lone letter (the "s" of "kid's") as a prefix would match almost anything.
  const longer = words.filter((word) => word.length > 1);
  const terms = (longer.length > 0 ? longer : words).slice(0, MAX_SEARCH_TERMS);
  if (terms.length === 0) return sql`websearch_to_tsquery('english', ${text})`;
  return sql`to_tsquery('english', ${terms.map((term) => `${term}:*`).join(" & ")})`;
}

/** Filter conditions shared by the listing and its total. Only public posts are ever listed. */
export function listingConditions(filters: ListPostsFilters): SQL[] {
  const conditions: SQL[] = [eq(posts.visibility, "public")];
  if (filters.category) {
    conditions.push(
      sql`${posts.categoryId} in (select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${filters.category}))`,
    );
  }
  if (filters.subCategory) conditions.push(sql`lower(${posts.subCategory}) = lower(${filters.subCategory})`);
  if (filters.postedAt) conditions.push(gte(posts.createdAt, PERIOD_START[filters.postedAt]));
  if (filters.author) {
    conditions.push(
      sql`${posts.userId} in (select ${users.id} from ${users} where ${users.isOnefinityOfficial})`,
    );
  }
  if (filters.toolType) {
    // A post matches when any of its tools is of that family.
    conditions.push(
      sql`exists (select 1 from ${toolData} where ${toolData.postId} = ${posts.id} and ${toolData.laserOrEndmill} = ${filters.toolType})`,
    );
  }
  if (filters.partner) {
    // A scalar subquery (one partner per user): the planner then estimates one partner's share of
    // posts and reads them through posts_partner_idx, instead of walking the newest-first index
    // in the hope of meeting 20 of a partner's few posts.
    conditions.push(
      sql`${posts.partnerId} = (select ${partners.id} from ${partners} where ${partners.userId} = ${filters.partner} limit 1)`,
    );
  }
  if (filters.ratings) conditions.push(gte(posts.averageTotalRating, filters.ratings));
  if (filters.searchQuery)
    conditions.push(sql`${posts.searchVector} @@ ${searchTsQuery(filters.searchQuery)}`);
  return conditions;
}

/**
 * The "top results" order of GET /api/v1/post. With a search: relevance (ts_rank_cd over the
 * weighted vector: title > tags > description) first. Always then newest first, with the id as the
 * final tie-break, so the order is total and offset pages never repeat or skip a post while the
 * data set is unchanged. Without a search this is exactly the (visibility, created_at desc nulls
 * last, id desc nulls last) index, so a page is an index range scan.
 */
function listingOrder(filters: ListPostsFilters): SQL[] {
  const order: SQL[] = [];
  if (filters.searchQuery) {
    order.push(sql`ts_rank_cd(${posts.searchVector}, ${searchTsQuery(filters.searchQuery)}) desc`);
  }
  // NULLS LAST like the index (drizzle's desc() index columns): both columns are NOT NULL, so
  // this changes nothing but lets PostgreSQL read the order from the index instead of sorting.
  order.push(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`);
  return order;
}

/** The page of ids and the total, as query builders (the benchmark EXPLAINs the same queries). */
export function listingQueries(
  database: Database,
  { filters, page, limit }: { filters: ListPostsFilters; page: number; limit: number },
) {
  const where = and(...listingConditions(filters));
  return {
    page: database
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...listingOrder(filters))
      .limit(limit)
      .offset((page - 1) * limit),
    total: database
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .where(where),
  };
}

/**
 * Totals of recent listings, per filter set, kept for TOTAL_TTL_MS in this process. A page of ids
 * is an index range scan, but counting the public listing reads every matching index entry (about
 * 100k on the large data set), which would dominate each request. The pages themselves are always
 * fresh; only pagination.total may lag a new or deleted post by up to the TTL. A cache, so nothing
 * breaks with several instances.
 */
const TOTAL_TTL_MS = 10_000;
const TOTAL_CACHE_LIMIT = 500;
const totals = new Map<string, { total: number; expiresAt: number }>();

async function cachedTotal(key: string, count: () => Promise<number>): Promise<number> {
  const now = Date.now();
  const hit = totals.get(key);
  if (hit && hit.expiresAt > now) return hit.total;
  const total = await count();
  if (totals.size >= TOTAL_CACHE_LIMIT) totals.clear();
  totals.set(key, { total, expiresAt: now + TOTAL_TTL_MS });
  return total;
}

/** GET /api/v1/post: one page of cards in the "top results" order, with the total. */
export async function listPosts({
  actor,
  filters,
  page,
  limit,
}: {
  actor: Actor | null;
  filters: ListPostsFilters;
  page: number;
  limit: number;
}): Promise<PostList> {
  const queries = listingQueries(db(), { filters, page, limit });
  const [pageRows, total] = await Promise.all([
    queries.page,
    cachedTotal(JSON.stringify(filters), async () => Number((await queries.total)[0]?.total ?? 0)),
  ]);
  return {
    posts: await toPostSummaries(
      pageRows.map((row) => row.id),
      { actorId: actor?.id },
    ),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
