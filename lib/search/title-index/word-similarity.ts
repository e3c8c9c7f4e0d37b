/**
 * pg_trgm's word_similarity(text, title), in the process: how well the typed text matches some
 * run of the title's words, from 0 to 1, so the title index (./title-index.ts) ranks suggestions
 * as the database's function would, without a statement. The algorithm is
 * pg_trgm's (contrib/pg_trgm/trgm_op.c, calc_word_similarity), written anew:
 *
 * - a string's trigrams come from its words (runs of letters and digits, lower case), each padded
 *   with two spaces in front and one behind: "cat" gives "  c", " ca", "cat", "at ";
 * - the result is the best `count / (textTrigrams + extentTrigrams - count)` over the extents
 *   (runs of consecutive trigrams) of the title, where `count` is how many of the text's distinct
 *   trigrams the extent holds; pg_trgm grows the extent's upper end and, at each trigram the text
 *   has, tries every lower end from the current one up, keeping the best.
 *
 * The result is rounded to a float4 as PostgreSQL's is, so ties fall where the database's did.
 * Letters beyond ASCII count as word characters (`\p{L}`, `\p{N}`); pg_trgm decides by the
 * database's locale, which agrees for the titles of this site.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of a string's padded words, in order, repeats kept. */
export function orderedTrigrams(text: string): string[] {
  const trigrams: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const padded = `  ${match[0]} `;
    const chars = Array.from(padded);
    for (let at = 0; at + 3 <= chars.length; at += 1)
      trigrams.push(chars[at]! + chars[at + 1]! + chars[at + 2]!);
  }
  return trigrams;
}

const similarityOf = (count: number, textLength: number, extentLength: number) =>
  Math.fround(count / (textLength + extentLength - count));

/** The typed text's trigrams, computed once and matched against many titles. */
export interface TextTrigrams {
  unique: ReadonlySet<string>;
}

export function textTrigrams(text: string): TextTrigrams {
  return { unique: new Set(orderedTrigrams(text)) };
}

/** word_similarity(text, title) for a text prepared by textTrigrams. */
export function wordSimilarity(text: TextTrigrams, title: string): number {
  const textLength = text.unique.size;
  if (textLength === 0) return 0;
  const titleTrigrams = orderedTrigrams(title);
  // Each distinct trigram of the title gets a number; `found` says whether the text has it.
  const numbers = new Map<string, number>();
  const found: boolean[] = [];
  const indexes = titleTrigrams.map((trigram) => {
    let number = numbers.get(trigram);
    if (number === undefined) {
      number = found.length;
      numbers.set(trigram, number);
      found.push(text.unique.has(trigram));
    }
    return number;
  });
  const lastAt = new Array<number>(found.length).fill(-1);
  let extentLength = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let at = 0; at < indexes.length; at += 1) {
    const index = indexes[at]!;
    if (lower >= 0 || found[index]) {
      if (lastAt[index]! < 0) {
        extentLength += 1;
        if (found[index]) count += 1;
      }
      lastAt[index] = at;
    }
    if (!found[index]) continue;
    if (lower === -1) {
      lower = at;
      extentLength = 1;
    }
    let current = similarityOf(count, textLength, extentLength);
    // Try moving the lower end up: dropping trigrams the text lacks can raise the score.
    let trialCount = count;
    let trialLength = extentLength;
    const previousLower = lower;
    for (let trialLower = lower; trialLower <= at; trialLower += 1) {
      const trial = similarityOf(trialCount, textLength, trialLength);
      if (trial > current) {
        current = trial;
        extentLength = trialLength;
        lower = trialLower;
        count = trialCount;
      }
      const trialIndex = indexes[trialLower]!;
      if (lastAt[trialIndex] === trialLower) {
        trialLength -= 1;
        if (found[trialIndex]) trialCount -= 1;
      }
    }
    best = Math.max(best, current);
    // Trigrams left below the new lower end no longer belong to the extent.
    for (let dropped = previousLower; dropped < lower; dropped += 1) {
      const droppedIndex = indexes[dropped]!;
      if (lastAt[droppedIndex] === dropped) lastAt[droppedIndex] = -1;
    }
  }
  return best;
}
