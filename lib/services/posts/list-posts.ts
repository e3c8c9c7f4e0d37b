import "server-only";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { db } from "@/lib/db/client";
import { Bindings } from "@/lib/db/prepared-statements";
import { env } from "@/lib/env";
import type { Actor } from "@/lib/auth/actor";
import type { ListPostsFilters, PostList, PostSummary } from "@/lib/validation/posts";
import { listingQueries, matchingKey } from "./queries/listing";
import { isInSearchWindow, searchMatches, searchWindowPage } from "./queries/search-window";
import { idsPage, loadBoundPostCards, pageOf } from "./queries/to-post-summaries";

/**
 * Totals of recent listings, per filter set, for a few seconds in this process. A page is an index
 * range scan, but counting the public listing reads every matching index entry (about 100k on the
 * large data set), which would dominate each request. Pages are fresh; only pagination.total may
 * lag a new or deleted post by up to the TTL.
 */
const totals = new TtlCache<number>({ ttlMs: 10_000, maxEntries: 500 });

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

/** A search page inside its window is a slice of the ranked ids; any other page is one statement. */
async function loadListing({ actor, filters, page, limit }: ListingRequest): Promise<PostList> {
  const queries = listingQueries(db(), { filters, page, limit });
  const offset = (page - 1) * limit;
  const actorId = actor?.id ?? null;
  let postsOnPage: PostSummary[];
  let total: number;
  if (isInSearchWindow(filters, offset, limit)) {
    const window = await searchWindowPage(filters, queries, { offset, limit });
    const bindings = new Bindings();
    postsOnPage =
      window.ids.length === 0
        ? []
        : await loadBoundPostCards(idsPage(bindings.bind(window.ids)), bindings, {
            actorId,
            publicOnly: true,
          });
    total = window.total;
  } else if (filters.searchQuery && filters.sort) {
    // A sorted search reads its sort's index in order and checks the search on
    // each post it passes, quick while matches are common and a walk of the whole index when they
    // are rare. So the kept search window (the same as the unsorted search's) gives the count,
    // and when it holds every match, the page is those posts in the sort's order.
    const matches = await searchMatches(filters, queries);
    total = matches.total;
    const sorted = matches.ids ? listingQueries(db(), { filters, page, limit, among: matches.ids }) : queries;
    postsOnPage =
      total === 0 ? [] : await loadBoundPostCards(pageOf(sorted.page), sorted.bindings, { actorId });
  } else {
    [postsOnPage, total] = await Promise.all([
      loadBoundPostCards(pageOf(queries.page), queries.bindings, { actorId }),
      // The order changes no total: keyed without it.
      totals.get(matchingKey(filters), async () =>
        Number((await queries.total.execute(queries.bindings.values))[0]?.total ?? 0),
      ),
    ]);
  }
  return {
    posts: postsOnPage,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
