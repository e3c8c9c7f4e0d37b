import {
  correctedTexts,
  MIN_CORRECTED_LENGTH,
  spellingEdits,
  type TypedWord,
  typedWords,
} from "./title-corrections";
import { compareListingOrder, type TitleIndex, type TitleRow } from "./title-index";
import { textTrigrams, wordSimilarity } from "./word-similarity";
import { AUTOCOMPLETE_LIMIT } from "@/lib/validation/posts";

/**
 * How many of the newest titles containing the typed text are ranked for the suggestions: the
 * newest matter most on a community site, and a common text ("waln" on a site full of walnut)
 * is then ranked among 20 titles, not thousands.
 */
const CANDIDATES = 20;
/** The same for corrected texts: only the places the typed text left are filled. */
const CORRECTED_CANDIDATES = AUTOCOMPLETE_LIMIT;
/** Misspelt words corrected per text, corrections kept per word, corrected texts searched. */
const MAX_CORRECTED_WORDS = 2;
const CORRECTIONS_PER_WORD = 3;
const MAX_CORRECTED_TEXTS = 3;
/** Edits looked up per text: a typical text has one or two misspelt words of some 400 edits each. */
const MAX_EDIT_LOOKUPS = 1_500;

/**
 * The newest `candidateCount` listed titles containing one of the `searched` texts, ranked: those
 * starting with a searched text first, then by word similarity to the typed text (pg_trgm's,
 * ./word-similarity.ts), then newest.
 */
function rankedMatches(
  index: TitleIndex,
  text: string,
  searched: readonly string[],
  candidateCount: number,
): TitleRow[] {
  const trigrams = textTrigrams(text);
  return index
    .search(searched, candidateCount)
    .map((row) => {
      const lower = row.title.toLowerCase();
      return {
        row,
        startsWith: searched.some((item) => lower.startsWith(item)),
        similarity: wordSimilarity(trigrams, row.title),
      };
    })
    .sort(
      (a, b) =>
        Number(b.startsWith) - Number(a.startsWith) ||
        b.similarity - a.similarity ||
        compareListingOrder(a.row, b.row),
    )
    .slice(0, AUTOCOMPLETE_LIMIT)
    .map((ranked) => ranked.row);
}

/**
 * How many listed posts use a typed word: for the last word, which may still be being typed,
 * the most used title word starting with it; undefined when none does.
 */
const titleWordCount = (index: TitleIndex, word: string, isPartial: boolean) =>
  isPartial ? index.prefixCount(word) : index.wordCount(word);

/**
 * The typed text with its misspelt words corrected, when it has any: a word is misspelt when no
 * listed title has it (the last word: when none has a word starting with it). Its corrections are
 * the title words one edit away, the most used first (one edit catches the common slips, swapped
 * neighbours included, which trigram similarity scores poorly on short words). The work is
 * bounded: at most MAX_EDIT_LOOKUPS edits, and a fixed number of corrected words, corrections
 * and corrected texts.
 */
export function correctTypos(index: TitleIndex, text: string): string[] {
  const typed = typedWords(text).filter((item) => item.word.length >= MIN_CORRECTED_LENGTH);
  const misspelt = typed
    .filter((item) => titleWordCount(index, item.word, item.isPartial) === undefined)
    .slice(0, MAX_CORRECTED_WORDS);
  if (misspelt.length === 0) return [];
  // The budget runs over the text's words in order (only a very long text runs out; its later
  // words keep their spelling).
  let budget = MAX_EDIT_LOOKUPS;
  const editsOf = new Map<TypedWord, string[]>();
  for (const item of typed) {
    const edits = spellingEdits(item.word);
    budget -= edits.length;
    editsOf.set(item, budget >= 0 ? edits : []);
  }
  const corrections = new Map<TypedWord, string[]>();
  for (const item of misspelt) {
    const best = (editsOf.get(item) ?? [])
      .map((edit) => ({ edit, count: titleWordCount(index, edit, item.isPartial) }))
      .filter((found): found is { edit: string; count: number } => found.count !== undefined)
      .sort((a, b) => b.count - a.count)
      .slice(0, CORRECTIONS_PER_WORD)
      .map((found) => found.edit);
    if (best.length > 0) corrections.set(item, best);
  }
  return correctedTexts(text, corrections, MAX_CORRECTED_TEXTS);
}

/**
 * The titles containing the typed text; when they are fewer than AUTOCOMPLETE_LIMIT, those
 * containing a corrected text fill the rest. The index holds listed posts only, so a word of any
 * title only ever leads to public posts.
 */
export function suggestionRows(index: TitleIndex, text: string): TitleRow[] {
  const exact = rankedMatches(index, text, [text], CANDIDATES);
  if (exact.length >= AUTOCOMPLETE_LIMIT) return exact;
  const corrected = correctTypos(index, text);
  if (corrected.length === 0) return exact;
  const shown = new Set(exact.map((row) => row.id));
  const close = rankedMatches(index, text, corrected, CORRECTED_CANDIDATES);
  return [...exact, ...close.filter((row) => !shown.has(row.id))].slice(0, AUTOCOMPLETE_LIMIT);
}
