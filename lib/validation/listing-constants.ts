// The listing's plain values, apart from the zod schemas of posts.ts (which re-exports them): the
// home page's filter bar, grid and search box use them without loading zod.

export const POSTED_AT_VALUES = ["Today", "This Week", "This Month", "This Year"] as const;
export const POSTED_AT_OPTIONS = POSTED_AT_VALUES;

/** Spec §9: page size 20; more results are assumed only when a page returns exactly 20. */
export const PAGE_SIZE = 20;
/** The brand button's author filter value: posts by the brand's official accounts. */
export const OFFICIAL_AUTHOR = "onefinity";

export const AUTOCOMPLETE_MIN_LENGTH = 4;
