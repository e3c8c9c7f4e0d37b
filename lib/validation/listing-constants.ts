// The listing's plain values, apart from the zod schemas of posts.ts (which re-exports them): the
// home page's filter bar, grid and search box use them without loading zod.

export const POSTED_AT_VALUES = ["Today", "This Week", "This Month", "This Year"] as const;
export const POSTED_AT_OPTIONS = POSTED_AT_VALUES;

/** Spec §9: page size 20; more results are assumed only when a page returns exactly 20. */
export const PAGE_SIZE = 20;
/** The brand button's author filter value: posts by the brand's official accounts. */
export const OFFICIAL_AUTHOR = "onefinity";

export const AUTOCOMPLETE_MIN_LENGTH = 4;

/** GET /api/v1/post's `sort` values; without one the listing keeps its "top results" order. */
export const LISTING_SORTS = ["latest", "popular", "topRated", "mostMade", "mostDownloaded"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
/** The filter bar's Sort control and chip. */
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  latest: "Latest",
  popular: "Popular",
  topRated: "Top Rated",
  mostMade: "Most Made",
  mostDownloaded: "Most Downloaded",
};
