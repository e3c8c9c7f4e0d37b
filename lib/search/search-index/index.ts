/**
 * The search index of listings (ADR 023): this process's copy of every listed post's search
 * vector, ranked like PostgreSQL's ts_rank, and the search text's tsquery that both share.
 */
export { indexedSearchWindow, changedSearchRowsQuery, readListedSearchRows } from "./search-index-sync";
export { SearchIndex, type SearchWindow } from "./search-index";
export { parsedSearchQuery, searchTsQuery } from "./search-query";
