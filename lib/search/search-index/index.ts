/**
 * The search index of listings (ADR 023): this process's copy of every listed post's search
 * vector, ranked like PostgreSQL's ts_rank. `searchTsQuery` is the search text's tsquery, shared
 * by the listing's SQL and the index; the index's reads and `SearchIndex` itself are exported for
 * the benchmark and the tests, which compare it with PostgreSQL.
 */
export { changedSearchRowsQuery, indexedSearchWindow, readListedSearchRows } from "./search-index-sync";
export { SearchIndex } from "./search-index";
export { parsedSearchQuery, searchTsQuery } from "./search-query";
