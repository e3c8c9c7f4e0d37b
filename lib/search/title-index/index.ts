/**
 * The title index of suggestions (ADR 021): this process's copy of every listed post's title,
 * and the ranking of suggestions from it, typos corrected.
 */
export { changedTitlesQuery, listedTitleIndex, readListedTitles } from "./title-index-sync";
export { TitleIndex, type TitleRow } from "./title-index";
export { suggestionRows } from "./suggestions";
