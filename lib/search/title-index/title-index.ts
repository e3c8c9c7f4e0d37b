/**
 * The titles of listed posts, indexed in memory for suggestions (ADR 021): which titles contain a
 * text, newest first, and which words the titles use, for the typo check. Pure: the rows come
 * from ./title-index-sync.ts, which builds an index from the database and feeds it the changes.
 *
 * - **Base**: the rows at build time in listing order (newest first), each at a slot; for every
 *   trigram (three consecutive characters of the lower-case title) the ascending list of slots
 *   whose title has it. A text is looked up through the rarest of its trigrams (checked against
 *   the second rarest), every candidate confirmed with `includes`, newest first, stopping at the
 *   limit, so a common text stops early and a rare one reads a short list.
 * - **Changes**: rows changed since the build replace their slot (a removed row hides it) and are
 *   searched by a scan; the sync rebuilds the base once they are many.
 */

import { WORD } from "./title-corrections";

/** A listed post as suggestions show it. `createdAt` in ms; listing order: newest, then id. */
export interface TitleRow {
  id: string;
  title: string;
  username: string;
  createdAt: number;
}

/** The change of one post: its row now, or null when it is no longer listed. */
export interface TitleChange {
  id: string;
  row: TitleRow | null;
}

/** Title words looked at per prefix for its most used completion (in word order, so a bound). */
export const PREFIX_COMPLETIONS = 50;

/** Listing order: the newer first, then the greater id (as `created_at desc, id desc`). */
export function compareListingOrder(a: TitleRow, b: TitleRow): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The words a lower-case title is found by in the typo check. */
function titleWordsOf(lowerTitle: string): Set<string> {
  return new Set(lowerTitle.match(WORD) ?? []);
}

/**
 * A trigram's key: a small integer when its three characters are ASCII (most of them; integer
 * keys keep the map fast and small), the characters themselves otherwise.
 */
function trigramKey(text: string, at: number): number | string {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  if ((a | b | c) < 128) return (a << 14) | (b << 7) | c;
  return text.slice(at, at + 3);
}

interface PostingBuilder {
  count: number;
  lastSlot: number;
  slots: Int32Array | null;
  filled: number;
}

interface ChangedRow {
  row: TitleRow;
  lower: string;
}

export class TitleIndex {
  private readonly rows: readonly TitleRow[];
  private readonly lowerTitles: readonly string[];
  private readonly slotOf: ReadonlyMap<string, number>;
  private readonly postings: ReadonlyMap<number | string, Int32Array>;
  /** Rows changed since the build, by id: the row now, or null when it left the listing. */
  private readonly changed = new Map<string, ChangedRow | null>();
  /** The changed rows still listed, in listing order. */
  private changedListed: ChangedRow[] = [];
  private readonly wordCounts: Map<string, number>;
  private sortedWords: string[] | null = null;

  private constructor(rows: readonly TitleRow[]) {
    this.rows = rows;
    this.lowerTitles = rows.map((row) => row.title.toLowerCase());
    this.slotOf = new Map(rows.map((row, slot) => [row.id, slot]));
    this.postings = buildPostings(this.lowerTitles);
    this.wordCounts = new Map();
    for (const lower of this.lowerTitles) this.countWords(lower, 1);
  }

  /** An index of `rows`, which must be in listing order (the build query's ORDER BY). */
  static build(rows: readonly TitleRow[]): TitleIndex {
    return new TitleIndex(rows);
  }

  /** Listed posts in the index. */
  get size(): number {
    let size = this.rows.length;
    for (const [id, change] of this.changed) {
      if (this.slotOf.has(id)) size -= 1;
      if (change) size += 1;
    }
    return size;
  }

  /** Rows changed since the build (the sync rebuilds when they are many). */
  get changeCount(): number {
    return this.changed.size;
  }

  /** Applies changes read from the database; a change to a row already current is harmless. */
  apply(changes: readonly TitleChange[]): void {
    if (changes.length === 0) return;
    for (const { id, row } of changes) {
      const before = this.currentLower(id);
      if (before !== null) this.countWords(before, -1);
      const lower = row ? row.title.toLowerCase() : null;
      if (lower !== null) this.countWords(lower, 1);
      this.changed.set(id, row && lower !== null ? { row, lower } : null);
    }
    this.changedListed = [...this.changed.values()]
      .filter((change): change is ChangedRow => change !== null)
      .sort((a, b) => compareListingOrder(a.row, b.row));
  }

  /**
   * The first `limit` rows in listing order whose lower-case title contains one of `texts`
   * (lower-case), as `lower(title) like '%text%'` would find them.
   */
  search(texts: readonly string[], limit: number): TitleRow[] {
    const slots = new Set<number>();
    for (const text of texts) for (const slot of this.searchBase(text, limit)) slots.add(slot);
    const fromBase = [...slots].sort((a, b) => a - b).slice(0, limit);
    const fromChanges = this.changedListed
      .filter((change) => texts.some((text) => change.lower.includes(text)))
      .slice(0, limit)
      .map((change) => change.row);
    const found = fromBase.map((slot) => this.rows[slot]!);
    if (fromChanges.length === 0) return found;
    return [...found, ...fromChanges].sort(compareListingOrder).slice(0, limit);
  }

  /** How many listed posts have `word` in their title; undefined when none has. */
  wordCount(word: string): number | undefined {
    return this.wordCounts.get(word);
  }

  /**
   * The post count of the most used title word starting with `prefix`, among the first
   * PREFIX_COMPLETIONS such words in word order (a bound, as a prefix can start thousands);
   * undefined when no title word starts with it.
   */
  prefixCount(prefix: string): number | undefined {
    const words = this.wordsInOrder();
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let best: number | undefined;
    for (let at = low; at < words.length && at < low + PREFIX_COMPLETIONS; at += 1) {
      const word = words[at]!;
      if (!word.startsWith(prefix)) break;
      best = Math.max(best ?? 0, this.wordCounts.get(word)!);
    }
    return best;
  }

  /** Slots of the base holding `text`, in order, at most `limit`; changed rows left out. */
  private searchBase(text: string, limit: number): number[] {
    const found: number[] = [];
    if (text.length === 0) return found;
    const lists: Int32Array[] = [];
    if (text.length >= 3) {
      const keys = new Set<number | string>();
      for (let at = 0; at + 3 <= text.length; at += 1) keys.add(trigramKey(text, at));
      for (const key of keys) {
        const list = this.postings.get(key);
        if (!list) return found;
        lists.push(list);
      }
      lists.sort((a, b) => a.length - b.length);
    }
    const driver = lists[0];
    const second = lists[1];
    let secondAt = 0;
    const total = driver ? driver.length : this.rows.length;
    for (let at = 0; at < total && found.length < limit; at += 1) {
      const slot = driver ? driver[at]! : at;
      if (second) {
        while (secondAt < second.length && second[secondAt]! < slot) secondAt += 1;
        if (second[secondAt] !== slot) continue;
      }
      if (this.changed.size > 0 && this.changed.has(this.rows[slot]!.id)) continue;
      if (this.lowerTitles[slot]!.includes(text)) found.push(slot);
    }
    return found;
  }

  /** The lower-case title a post is listed with now, or null when it is not listed. */
  private currentLower(id: string): string | null {
    const change = this.changed.get(id);
    if (change !== undefined) return change ? change.lower : null;
    const slot = this.slotOf.get(id);
    return slot === undefined ? null : this.lowerTitles[slot]!;
  }

  private countWords(lower: string, delta: 1 | -1): void {
    for (const word of titleWordsOf(lower)) {
      const count = (this.wordCounts.get(word) ?? 0) + delta;
      if (count > 0) {
        if (!this.wordCounts.has(word)) this.sortedWords = null;
        this.wordCounts.set(word, count);
      } else {
        this.wordCounts.delete(word);
        this.sortedWords = null;
      }
    }
  }

  /** Title words in code-unit order (a-z and 0-9 only, so the database's byte order too). */
  private wordsInOrder(): string[] {
    this.sortedWords ??= [...this.wordCounts.keys()].sort();
    return this.sortedWords;
  }
}

/** Every trigram's ascending slot list; two passes, so each list is allocated once at its size. */
function buildPostings(lowerTitles: readonly string[]): Map<number | string, Int32Array> {
  const builders = new Map<number | string, PostingBuilder>();
  for (let slot = 0; slot < lowerTitles.length; slot += 1) {
    const lower = lowerTitles[slot]!;
    for (let at = 0; at + 3 <= lower.length; at += 1) {
      const key = trigramKey(lower, at);
      const builder = builders.get(key);
      if (!builder) builders.set(key, { count: 1, lastSlot: slot, slots: null, filled: 0 });
      else if (builder.lastSlot !== slot) {
        builder.count += 1;
        builder.lastSlot = slot;
      }
    }
  }
  for (const builder of builders.values()) {
    builder.slots = new Int32Array(builder.count);
    builder.lastSlot = -1;
  }
  for (let slot = 0; slot < lowerTitles.length; slot += 1) {
    const lower = lowerTitles[slot]!;
    for (let at = 0; at + 3 <= lower.length; at += 1) {
      const builder = builders.get(trigramKey(lower, at))!;
      if (builder.lastSlot === slot) continue;
      builder.lastSlot = slot;
      builder.slots![builder.filled++] = slot;
    }
  }
  const postings = new Map<number | string, Int32Array>();
  for (const [key, builder] of builders) postings.set(key, builder.slots!);
  return postings;
}
