import {
  LISTING_SORT_LABELS,
  LISTING_SORTS,
  OFFICIAL_AUTHOR,
  POSTED_AT_OPTIONS,
} from "@/lib/validation/listing-constants";

/** The filter bar's URL parameters (spec §2 "Filter bar"); the listing reads the same names. */
export const FILTER_KEYS = [
  "postedAt",
  "category",
  "toolType",
  "partner",
  "ratings",
  "author",
  "subCategory",
  // The order, kept in the URL and shown as a chip like the filters.
  "sort",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export const POSTED_AT_CHOICES = ["All", ...POSTED_AT_OPTIONS] as const;
export const TOOL_TYPE_CHOICES = ["All", "Laser", "Endmill"] as const;
export const RATING_CHOICES = [
  { value: "", label: "All Ratings" },
  { value: "1", label: "1+ Stars" },
  { value: "2", label: "2+ Stars" },
  { value: "3", label: "3+ Stars" },
  { value: "4", label: "4+ Stars" },
  { value: "5", label: "5 Stars" },
] as const;

/** The Sort control's choices; "" keeps the listing's own "top results" order. */
export const SORT_CHOICES = [
  { value: "", label: "Top Results" },
  ...LISTING_SORTS.map((sort) => ({ value: sort, label: LISTING_SORT_LABELS[sort] })),
] as const;

export function sortLabel(value: string): string {
  return SORT_CHOICES.find((choice) => choice.value === value)?.label ?? value;
}

export { OFFICIAL_AUTHOR };

/** The active filters of a query string; "All" and empty values are no filter. */
export function readFilters(params: Record<string, string | string[] | undefined>): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const raw = params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value && value !== "All") filters[key] = value;
  }
  return filters;
}

export function filtersToSearch(filters: Filters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
