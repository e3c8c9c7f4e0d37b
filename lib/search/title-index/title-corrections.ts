/**
 * Typo correction for title suggestions, the pure part: split the typed text into words, list the
 * strings one edit away from a word, and build the corrected texts. Which strings are real words
 * is the title index's answer (./title-index.ts, used by ./suggestions.ts).
 */

/** What a word is, in a typed text and in a title (./title-index.ts): a run of a-z and 0-9. */
export const WORD = /[a-z0-9]+/g;

/** A word of the typed text (see WORD). */
export interface TypedWord {
  word: string;
  /** Where it starts in the text. */
  start: number;
  /**
   * The text ends with it: the person may still be typing it, so it only has to begin a title
   * word ("waln" for walnut), where an earlier word has to be one.
   */
  isPartial: boolean;
}

/** Words shorter than this are left as typed: too many words are one edit away from them. */
export const MIN_CORRECTED_LENGTH = 2;

export function typedWords(text: string): TypedWord[] {
  return Array.from(text.matchAll(WORD), (match) => ({
    word: match[0],
    start: match.index,
    isPartial: match.index + match[0].length === text.length,
  }));
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";

/**
 * Every string one edit away from `word` (a letter deleted, two neighbours swapped, a letter
 * replaced or inserted), without the word itself and none shorter than MIN_CORRECTED_LENGTH
 * (a one-letter prefix matches too much to mean anything). Digits are tried only in words that
 * have one, which keeps the list near 55 strings per letter of the word.
 */
export function spellingEdits(word: string): string[] {
  const alphabet = /[0-9]/.test(word) ? LETTERS + DIGITS : LETTERS;
  const edits = new Set<string>();
  for (let at = 0; at <= word.length; at += 1) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail.charAt(1) + tail.charAt(0) + tail.slice(2));
    for (const letter of alphabet) {
      if (tail) edits.add(head + letter + tail.slice(1));
      edits.add(head + letter + tail);
    }
  }
  edits.delete(word);
  return [...edits].filter((edit) => edit.length >= MIN_CORRECTED_LENGTH);
}

/**
 * The typed text with each misspelt word replaced by one of its corrections (best first per
 * word), at most `max` texts, the combinations of better corrections first. Everything between
 * the words (spaces, punctuation) stays as typed, so a corrected text matches titles like the
 * typed one would.
 */
export function correctedTexts(
  text: string,
  corrections: ReadonlyMap<TypedWord, readonly string[]>,
  max: number,
): string[] {
  const entries = [...corrections]
    .filter(([, options]) => options.length > 0)
    .sort(([a], [b]) => a.start - b.start);
  if (entries.length === 0) return [];
  // Choices per word as indexes; combinations in order of the sum of their ranks.
  let combinations: number[][] = [[]];
  for (const [, options] of entries)
    combinations = combinations.flatMap((combination) => options.map((_, rank) => [...combination, rank]));
  const sum = (ranks: number[]) => ranks.reduce((total, rank) => total + rank, 0);
  combinations.sort((a, b) => sum(a) - sum(b));
  return combinations.slice(0, max).map((ranks) => {
    let corrected = text;
    // From the last word back, so the earlier words' positions still hold.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [typed, options] = entries[index] as [TypedWord, readonly string[]];
      const replacement = options[ranks[index] as number] as string;
      corrected =
        corrected.slice(0, typed.start) + replacement + corrected.slice(typed.start + typed.word.length);
    }
    return corrected;
  });
}
