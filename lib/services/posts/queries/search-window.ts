import "server-only";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { indexedSearchWindow } from "@/lib/search/search-index";
import type { ListPostsFilters } from "@/lib/validation/posts";
import { hasOtherFilters, type ListingQueries, matchingKey, SEARCH_WINDOW } from "./listing";

/**
 * Searches rank every matching post (ts_rank reads each match's vector), which grows with the
 * table: a common word matches a fifth of the posts. So the first SEARCH_WINDOW ids of a search are
 * ranked once and kept for a few seconds; its pages (the drawer pages through them) are slices, and
 * their cards are loaded fresh. Pages past the window are ranked per request. A post published
 * meanwhile appears after the TTL; one unpublished or deleted meanwhile is left out at once (the
 * card query reads only public posts). The window comes from this process's search index when it
 * can (ADR 023: a few ms instead of tens), else from `listingQueries().window`; keeping it also
 * keeps a search's pages consistent while a person pages through them.
 *
 * Searches kept at once: fewer than a busy site's distinct searches in a TTL would drop every
 * window before its second page is asked. The ids are kept packed, 16 bytes each, so even 1,000
 * full windows take 16 MB.
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

/** Whether a page of this listing lies inside its search window. */
export function isInSearchWindow(filters: ListPostsFilters, offset: number, limit: number): boolean {
  // A sorted search is PostgreSQL's: the window holds relevance order only.
  return Boolean(filters.searchQuery) && !filters.sort && offset + limit <= SEARCH_WINDOW;
}

/** The ids of one page inside a search's window, in the listing's order, and the count of all matches. */
export async function searchWindowPage(
  filters: ListPostsFilters,
  queries: ListingQueries,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const ranked = await rankedSearch(filters, queries);
  return { ids: ranked.ids.slice(offset, offset + limit), total: ranked.total };
}

/**
 * A search's count of matches and, when the window holds all of them (no more than
 * SEARCH_WINDOW), their ids; the same kept window as the search's pages in relevance order.
 */
export async function searchMatches(
  filters: ListPostsFilters,
  queries: ListingQueries,
): Promise<{ total: number; ids: string[] | null }> {
  const ranked = await rankedSearch(filters, queries);
  return {
    total: ranked.total,
    ids: ranked.total <= ranked.ids.length ? ranked.ids.slice(0, ranked.ids.length) : null,
  };
}

function rankedSearch(filters: ListPostsFilters, queries: ListingQueries) {
  return rankedSearches.get(matchingKey(filters), async () => {
    const inMemory = hasOtherFilters(filters)
      ? null
      : await indexedSearchWindow(filters.searchQuery!, SEARCH_WINDOW);
    if (inMemory) return { ids: new PackedIds(inMemory.ids), total: inMemory.total };
    const rows = await queries.window.execute(queries.bindings.values);
    return { ids: new PackedIds(rows.map((row) => row.id)), total: Number(rows[0]?.total ?? 0) };
  });
}
