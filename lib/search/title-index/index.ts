/**
 * The title index of suggestions (ADR 021): this process's copy of every listed post's title,
 * and the suggestions ranked from it, typos corrected. The index's reads and `TitleIndex` itself
 * are exported for the benchmark.
 */
export { changedTitlesQuery, listedTitleIndex, readListedTitles } from "./title-index-sync";
export { TitleIndex } from "./title-index";
export { suggestionRows } from "./suggestions";
