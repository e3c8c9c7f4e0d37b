import "server-only";
import { and, gte, type Placeholder, type SQL, sql } from "drizzle-orm";
import { BoundedMap } from "@/lib/cache/bounded-map";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Database } from "@/lib/db/create";
import { Bindings } from "@/lib/db/prepared-statements";
import { categories, listedPostSearch, partners, posts, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { ListingSort, ListPostsFilters, PostedAt, PostList, PostSummary } from "@/lib/validation/posts";
import { listedPostsWhere } from "./post-access";
import { idsPage, loadBoundPostCards, pageOf, placeIn } from "./queries/to-post-summaries";
import type { SearchWindow } from "./search/search-index";
import { searchIndexOnceBuilt } from "./search/search-index-sync";
import { parseTsQuery, type TsQueryNode } from "./search/ts-query";

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
 * with web-search syntax ("a phrase", -word, or) goes through websearch_to_tsquery instead. The
 * words are bound as placeholders (`bindings`), so the text only depends on how many there are.
 */
export function searchTsQuery(text: string, bindings: Bindings): SQL {
  if (WEB_SEARCH_SYNTAX.test(text)) return sql`websearch_to_tsquery('english', ${bindings.bind(text)})`;
  // Letters and digits only, so nothing in a term can be tsquery syntax.
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // A lone letter (the "s" of "kid's") as a prefix would match almost anything.
  const longer = words.filter((word) => word.length > 1);
  const terms = (longer.length > 0 ? longer : words).slice(0, MAX_SEARCH_TERMS);
  if (terms.length === 0) return sql`websearch_to_tsquery('english', ${bindings.bind(text)})`;
  return sql`(${sql.join(
    terms.map((term) => prefixQuery(bindings.bind(term), bindings.bind(`${term}:*`))),
    sql` && `,
  )})`;
}

/**
 * One word as a prefix: its English stem, or the word as typed. Stemming a half-typed word can
 * change its end ("cherry" becomes 'cherri'), which then no longer starts the whole word's entry
 * in the vector ('cherrywood'), so the word as typed is tried too, unless the stem starts it
 * ('mapl' for "maple"): then the stem's prefix already covers it, and each search term costs the
 * index one prefix scan instead of two. A stop word ("the") is no term at all, as before: the
 * empty query drops out of the AND.
 */
function prefixQuery(term: Placeholder, prefix: Placeholder): SQL {
  return sql`(case when numnode(to_tsquery('english', ${prefix})) = 0 then ''::tsquery
    when starts_with(${term}, (ts_lexize('english_stem', ${term}))[1]) then to_tsquery('english', ${prefix})
    else to_tsquery('english', ${prefix}) || to_tsquery('simple', ${prefix}) end)`;
}

/**
 * Filter conditions shared by the listing and its total, their values bound as placeholders. Only
 * public posts are ever listed.
 */
export function listingConditions(filters: ListPostsFilters, bindings: Bindings): SQL[] {
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
  if (filters.searchQuery)
    conditions.push(sql`${posts.searchVector} @@ ${searchTsQuery(filters.searchQuery, bindings)}`);
  return conditions;
}

// ---- Sort orders -------------------------------------------------------------------------------

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

// ---- End of sort orders ------------------------------------------------------------------------

/**
 * The page (ids with their place), the search window and the total, as query builders (the
 * benchmark EXPLAINs them), with the values of their placeholders in `bindings`.
 */
export function listingQueries(
  database: Database,
  { filters, page, limit }: { filters: ListPostsFilters; page: number; limit: number },
) {
  const bindings = new Bindings();
  const where = and(...listingConditions(filters, bindings));
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
     * The first SEARCH_WINDOW ids in the listing's order, each row with the count of all matches
     * (searches; see rankedSearches). Ranking already reads every match, so counting them here
     * saves a second pass over the same rows: the count reads the materialized `matches` (three
     * narrow columns), as the top-N sort does. It replaced `count(*) over ()`, whose window
     * buffered the same rows once more (docs/performance.md, session 11).
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

/**
 * Totals of recent listings, per filter set, for a few seconds in this process. A page is an index
 * range scan, but counting the public listing reads every matching index entry (about 100k on the
 * large data set), which would dominate each request. Pages are fresh; only pagination.total may
 * lag a new or deleted post by up to the TTL.
 */
const totals = new TtlCache<number>({ ttlMs: 10_000, maxEntries: 500 });

/**
 * Searches rank every matching post (ts_rank reads each match's vector), which grows with the
 * table: a common word matches a fifth of the posts. So the first SEARCH_WINDOW ids of a search are
 * ranked once and kept for a few seconds; its pages (the drawer pages through them) are slices, and
 * their cards are loaded fresh. Pages past the window are ranked per request. A post published
 * meanwhile appears after the TTL; one unpublished or deleted meanwhile is left out at once (the
 * card query reads only public posts). The window comes from this process's search index when it
 * can (windowInMemory, ADR 023: a few ms instead of tens), else from `listingQueries().window`;
 * keeping it also keeps a search's pages consistent while a person pages through them.
 */
export const SEARCH_WINDOW = 1_000;
/**
 * Searches kept at once. With fewer than a busy site's distinct searches in a TTL, the oldest-first
 * eviction dropped every window before its second page was asked (seen in the benchmark's walk of
 * 300 searches: every page re-ranked). The ids are kept packed, 16 bytes each, so even 1,000 full
 * windows take 16 MB.
 */
const MAX_RANKED_SEARCHES = 1_000;
const rankedSearches = new TtlCache<{ ids: PackedIds; total: number }>({
  ttlMs: 10_000,
  maxEntries: MAX_RANKED_SEARCHES,
});

/** UUIDs as 16 bytes each instead of 36-character strings. */
class PackedIds {
  private readonly bytes: Buffer;

  constructor(ids: readonly string[]) {
    this.bytes = Buffer.alloc(ids.length * 16);
    ids.forEach((id, index) => this.bytes.write(id.replaceAll("-", ""), index * 16, 16, "hex"));
  }

  get length(): number {
    return this.bytes.length / 16;
  }

  /** The ids from `start` to `end` (exclusive), as UUID strings. */
  slice(start: number, end: number): string[] {
    const ids: string[] = [];
    for (let index = start; index < Math.min(end, this.length); index += 1) {
      const hex = this.bytes.toString("hex", index * 16, index * 16 + 16);
      ids.push(
        `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      );
    }
    return ids;
  }
}

/**
 * What a signed-out visitor sees of a listing page is the same for every visitor, so it is reused
 * for PUBLIC_CACHE_SECONDS (default 5) in this process: a burst of visitors on the home page costs
 * one query, and counts on the cards lag by at most that long (docs/decisions/008).
 */
const guestPages = new TtlCache<PostList>({
  ttlMs: () => env().PUBLIC_CACHE_SECONDS * 1000,
  maxEntries: 1_000,
});

interface ListingRequest {
  actor: Actor | null;
  filters: ListPostsFilters;
  page: number;
  limit: number;
}

/** GET /api/v1/post: one page of cards in the `sort` or the "top results" order, with the total. */
export async function listPosts(request: ListingRequest): Promise<PostList> {
  if (request.actor) return loadListing(request);
  const { filters, page, limit } = request;
  return guestPages.get(`${JSON.stringify(filters)}|${page}|${limit}`, () => loadListing(request));
}

async function loadListing({ actor, filters, page, limit }: ListingRequest): Promise<PostList> {
  const queries = listingQueries(db(), { filters, page, limit });
  // The order changes no total nor search window: keyed without it.
  const key = JSON.stringify({ ...filters, sort: undefined });
  const offset = (page - 1) * limit;
  const actorId = actor?.id ?? null;
  const [postsOnPage, total] =
    filters.searchQuery && !filters.sort && offset + limit <= SEARCH_WINDOW
      ? await rankedPage()
      : await Promise.all([
          // One statement: the page query and its cards.
          loadBoundPostCards(pageOf(queries.page), queries.bindings, { actorId }),
          totals.get(key, async () =>
            Number((await queries.total.execute(queries.bindings.values))[0]?.total ?? 0),
          ),
        ]);
  return {
    posts: postsOnPage,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };

  /** A search page inside the window: a slice of the ranked ids, and the total counted with them. */
  async function rankedPage(): Promise<[PostSummary[], number]> {
    const ranked = await rankedSearches.get(key, async () => {
      const inMemory = hasOtherFilters(filters) ? null : await windowInMemory(filters.searchQuery!);
      if (inMemory) return { ids: new PackedIds(inMemory.ids), total: inMemory.total };
      const rows = await queries.window.execute(queries.bindings.values);
      return { ids: new PackedIds(rows.map((row) => row.id)), total: Number(rows[0]?.total ?? 0) };
    });
    const ids = ranked.ids.slice(offset, offset + limit);
    const bindings = new Bindings();
    const cards =
      ids.length === 0
        ? []
        : await loadBoundPostCards(idsPage(bindings.bind(ids)), bindings, { actorId, publicOnly: true });
    return [cards, ranked.total];
  }
}

/** Whether a listing filters by more than its search text (its sort is no filter). */
function hasOtherFilters(filters: ListPostsFilters): boolean {
  return Object.entries(filters).some(
    ([name, value]) => name !== "searchQuery" && name !== "sort" && value !== undefined,
  );
}

/**
 * A search's window from this process's search index (ADR 023): the same ids and total as
 * `listingQueries().window`, ranked by the same ts_rank, without reading every match in
 * PostgreSQL. Null while the index is first built, or for a query the index does not read
 * (web-search syntax with phrases or negation, or only stop words): PostgreSQL ranks those.
 */
async function windowInMemory(searchQuery: string): Promise<SearchWindow | null> {
  const index = await searchIndexOnceBuilt();
  if (!index) return null;
  let query = parsedSearches.get(searchQuery);
  if (query === undefined) {
    query = await parsedSearchQuery(db(), searchQuery);
    parsedSearches.set(searchQuery, query);
  }
  return query ? index.window(query, SEARCH_WINDOW) : null;
}

/** Search texts as parsed tsqueries (the stemming is the database's); a bound, not data. */
const parsedSearches = new BoundedMap<string, TsQueryNode | null>(5_000);

/** A search text as the database's tsquery (searchTsQuery: its stemming), parsed for the index. */
export async function parsedSearchQuery(
  database: Database,
  searchQuery: string,
): Promise<TsQueryNode | null> {
  const bindings = new Bindings();
  const [row] = await database
    .select({ query: sql<string>`(${searchTsQuery(searchQuery, bindings)})::text` })
    .from(sql`(values (1)) as one (x)`)
    .execute(bindings.values);
  return parseTsQuery(row?.query ?? "");
}
