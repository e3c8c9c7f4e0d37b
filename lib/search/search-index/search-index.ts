/**
 * The search vectors of listed posts, indexed in memory for the first SEARCH_WINDOW results of a
 * search (ADR 023): which posts match a query, ranked exactly as PostgreSQL's
 * `ts_rank(search_vector, query)` ranks them (./ts-rank.ts), in the listing's "top results" order
 * (rank, then newest, then id), and how many match. Pure: the rows come from ./search-index-sync.ts.
 *
 * - **Base**: the rows at build time in listing order (newest first), each at a slot, and for every
 *   lexeme of their vectors (sorted in PostgreSQL's order, so a prefix is a run of lexemes) the
 *   ascending slots that have it, with each one's positions (PostgreSQL's WordEntryPos: weight in
 *   the top two bits), all in flat typed arrays.
 * - **Changes**: rows changed since the build hide their slot and are matched one by one; the sync
 *   builds the base again once they are many.
 */

import {
  compareLexemes,
  matchesQuery,
  rankOperands,
  type TsQueryNode,
  type TsQueryOperand,
} from "./ts-query";
import { finishOrRank, orEntryScore, tsRank } from "./ts-rank";

/** A listed post's search row: `createdAtMicros` since the epoch (the tie-break needs microseconds). */
export interface SearchRow {
  id: string;
  createdAtMicros: number;
  /** The vector as PostgreSQL prints it (`search_vector::text`). */
  vector: string;
}

/** The change of one post: its row now, or null when it is no longer listed. */
export interface SearchChange {
  id: string;
  row: SearchRow | null;
}

export interface SearchWindow {
  /** The first `limit` matches in listing order. */
  ids: string[];
  /** Every match. */
  total: number;
}

/** One vector entry: its lexeme and positions (empty when stored without positions). */
interface VectorEntry {
  lexeme: string;
  positions: Uint16Array;
}

const QUOTE = 39; // '
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const SPACE = 32;
/** Weight letters as PostgreSQL prints them after a position; D (0) is printed as nothing. */
const WEIGHT_OF_LETTER: Record<number, number> = { 65: 3, 66: 2, 67: 1, 68: 0 };

/** Positions a lexeme can have in a tsvector (PostgreSQL keeps at most 256 per lexeme). */
const MAX_POSITIONS = 256;

/**
 * Parses tsvectorout's text: `'lexeme':1A,5 'other'`, quotes and backslashes in a lexeme doubled,
 * entries in PostgreSQL's lexeme order, each position's weight as a letter (none for D). `visit`
 * gets each lexeme with its positions as WordEntryPos values in `positions[0 .. count)`, a buffer
 * reused for the next entry.
 */
export function parseTsVector(
  text: string,
  visit: (lexeme: string, positions: Uint16Array, count: number) => void,
): void {
  const positions = new Uint16Array(MAX_POSITIONS);
  let at = 0;
  while (at < text.length) {
    if (text.charCodeAt(at) === SPACE) {
      at += 1;
      continue;
    }
    if (text.charCodeAt(at) !== QUOTE) throw new Error(`Unexpected tsvector text at ${at}`);
    at += 1;
    let lexeme = "";
    let runStart = at;
    for (;;) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code)) throw new Error("Unterminated lexeme in tsvector text");
      if (code === QUOTE || code === BACKSLASH) {
        if (code === QUOTE && text.charCodeAt(at + 1) !== QUOTE) break;
        // A doubled quote or backslash stands for one.
        lexeme += text.slice(runStart, at + 1);
        at += 2;
        runStart = at;
        continue;
      }
      at += 1;
    }
    lexeme += text.slice(runStart, at);
    at += 1; // the closing quote
    let count = 0;
    if (text.charCodeAt(at) === COLON) {
      at += 1;
      for (;;) {
        let position = 0;
        let code = text.charCodeAt(at);
        while (code >= 48 && code <= 57) {
          position = position * 10 + (code - 48);
          at += 1;
          code = text.charCodeAt(at);
        }
        const weight = WEIGHT_OF_LETTER[code];
        if (weight !== undefined) {
          at += 1;
          code = text.charCodeAt(at);
        }
        if (count < MAX_POSITIONS) positions[count++] = ((weight ?? 0) << 14) | position;
        if (code !== COMMA) break;
        at += 1;
      }
    }
    visit(lexeme, positions, count);
  }
}

/** A typed array that doubles as it fills (the build's first pass does not know its sizes). */
class Growing<T extends Int32Array | Uint16Array> {
  length = 0;
  constructor(
    public items: T,
    private readonly allocate: (size: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.items.length) this.grow(this.length + 1);
    this.items[this.length++] = value;
  }

  append(values: Uint16Array, count: number): void {
    if (this.length + count > this.items.length) this.grow(this.length + count);
    for (let index = 0; index < count; index += 1) this.items[this.length + index] = values[index]!;
    this.length += count;
  }

  private grow(atLeast: number): void {
    const items = this.allocate(Math.max(atLeast, this.items.length * 2));
    items.set(this.items);
    this.items = items;
  }
}

function vectorEntries(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  parseTsVector(text, (lexeme, positions, count) =>
    entries.push({ lexeme, positions: positions.slice(0, count) }),
  );
  return entries;
}

/** Listing order of two posts: the newer first, then the greater id (`created_at desc, id desc`). */
function compareNewestFirst(aMicros: number, aId: string, bMicros: number, bId: string): number {
  if (aMicros !== bMicros) return bMicros - aMicros;
  return aId < bId ? 1 : aId > bId ? -1 : 0;
}

interface ChangedRow {
  row: SearchRow;
  entries: VectorEntry[];
}

/** A match ranked for the window: base matches by slot, changed ones by their row. */
interface RankedMatch {
  rank: number;
  id: string;
  createdAtMicros: number;
}

export class SearchIndex {
  private readonly ids: readonly string[];
  private readonly createdAtMicros: Float64Array;
  private readonly slotOf: ReadonlyMap<string, number>;
  /** Distinct lexemes in PostgreSQL's order. */
  private readonly lexemes: readonly string[];
  /** Postings of lexeme i: postingSlots[lexemeStart[i] .. lexemeStart[i + 1]), slots ascending. */
  private readonly lexemeStart: Uint32Array;
  private readonly postingSlots: Int32Array;
  /** Positions of posting p: positions[positionStart[p] .. positionStart[p + 1]). */
  private readonly positionStart: Uint32Array;
  private readonly positions: Uint16Array;
  /** Slots whose row changed since the build (1), matched through `changed` instead. */
  private readonly hidden: Uint8Array;
  private readonly changed = new Map<string, ChangedRow | null>();

  private constructor(rows: readonly SearchRow[]) {
    this.ids = rows.map((row) => row.id);
    this.createdAtMicros = Float64Array.from(rows, (row) => row.createdAtMicros);
    this.slotOf = new Map(rows.map((row, slot) => [row.id, slot]));
    this.hidden = new Uint8Array(rows.length);

    // First pass: every entry's lexeme (a provisional number), slot and positions, in row order.
    const provisional = new Map<string, number>();
    const entryLexeme = new Growing(new Int32Array(1024), (size) => new Int32Array(size));
    const entrySlot = new Growing(new Int32Array(1024), (size) => new Int32Array(size));
    const entryEnd = new Growing(new Int32Array(1024), (size) => new Int32Array(size));
    const rowPositions = new Growing(new Uint16Array(4096), (size) => new Uint16Array(size));
    rows.forEach((row, slot) =>
      parseTsVector(row.vector, (lexeme, positions, count) => {
        let id = provisional.get(lexeme);
        if (id === undefined) {
          id = provisional.size;
          provisional.set(lexeme, id);
        }
        entryLexeme.push(id);
        entrySlot.push(slot);
        rowPositions.append(positions, count);
        entryEnd.push(rowPositions.length);
      }),
    );
    // Lexemes in PostgreSQL's order, and each provisional number's place in it.
    const lexemes = [...provisional.keys()].sort(compareLexemes);
    const placeOf = new Int32Array(provisional.size);
    lexemes.forEach((lexeme, place) => {
      placeOf[provisional.get(lexeme)!] = place;
    });
    this.lexemes = lexemes;

    // Second pass: postings grouped by lexeme (counting sort), slots ascending within each.
    const entryCount = entryLexeme.length;
    const lexemeOf = entryLexeme.items;
    const slotOfEntry = entrySlot.items;
    const endOf = entryEnd.items;
    const lexemeStart = new Uint32Array(lexemes.length + 1);
    const positionCount = new Uint32Array(lexemes.length + 1);
    for (let entry = 0; entry < entryCount; entry += 1) {
      const place = placeOf[lexemeOf[entry]!]!;
      const start = entry === 0 ? 0 : endOf[entry - 1]!;
      lexemeStart[place + 1] = lexemeStart[place + 1]! + 1;
      positionCount[place + 1] = positionCount[place + 1]! + (endOf[entry]! - start);
    }
    for (let place = 0; place < lexemes.length; place += 1) {
      lexemeStart[place + 1] = lexemeStart[place + 1]! + lexemeStart[place]!;
      positionCount[place + 1] = positionCount[place + 1]! + positionCount[place]!;
    }
    const postingSlots = new Int32Array(entryCount);
    const positionStart = new Uint32Array(entryCount + 1);
    const flatPositions = new Uint16Array(positionCount[lexemes.length]!);
    const nextPosting = lexemeStart.slice(0, lexemes.length);
    const nextPosition = positionCount.slice(0, lexemes.length);
    for (let entry = 0; entry < entryCount; entry += 1) {
      const place = placeOf[lexemeOf[entry]!]!;
      const posting = nextPosting[place]!;
      const start = entry === 0 ? 0 : endOf[entry - 1]!;
      postingSlots[posting] = slotOfEntry[entry]!;
      positionStart[posting] = nextPosition[place]!;
      flatPositions.set(rowPositions.items.subarray(start, endOf[entry]), nextPosition[place]!);
      nextPosting[place] = posting + 1;
      nextPosition[place] = nextPosition[place]! + (endOf[entry]! - start);
    }
    positionStart[entryCount] = flatPositions.length;
    this.lexemeStart = lexemeStart;
    this.postingSlots = postingSlots;
    this.positionStart = positionStart;
    this.positions = flatPositions;
  }

  /** An index of `rows`, which must be in listing order (the build query's ORDER BY). */
  static build(rows: readonly SearchRow[]): SearchIndex {
    return new SearchIndex(rows);
  }

  /** Rows changed since the build (the sync rebuilds when they are many). */
  get changeCount(): number {
    return this.changed.size;
  }

  /** Applies changes read from the database; a change to a row already current is harmless. */
  apply(changes: readonly SearchChange[]): void {
    for (const { id, row } of changes) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.hidden[slot] = 1;
      this.changed.set(id, row ? { row, entries: vectorEntries(row.vector) } : null);
    }
  }

  /**
   * The first `limit` matches of `query` in the listing's search order, and how many match; null
   * for a query with more distinct operands than a mask holds (PostgreSQL ranks it).
   */
  window(query: TsQueryNode, limit: number): SearchWindow | null {
    const operands = rankOperands(query);
    if (operands.length > MAX_OPERANDS) return null;
    const matches = maskMatcher(query, operands);
    if (!matches) return null;
    const runs = operands.map((operand) => this.lexemeRun(operand));
    const rankedByAnd = query.kind === "and" && operands.length >= 2;

    // Which operands each slot has (bit i: operand i), and for the OR rank its running sum, added
    // in calc_rank_or's order: operand by operand, each one's lexemes in order.
    const slotCount = this.ids.length;
    const masks = new Uint32Array(slotCount);
    const orSums = rankedByAnd ? null : new Float32Array(slotCount);
    runs.forEach(([first, end], operand) => {
      const bit = 1 << operand;
      for (let lexeme = first; lexeme < end; lexeme += 1)
        for (let posting = this.lexemeStart[lexeme]!; posting < this.lexemeStart[lexeme + 1]!; posting += 1) {
          const slot = this.postingSlots[posting]!;
          if (this.hidden[slot] === 1) continue;
          masks[slot] = masks[slot]! | bit;
          if (orSums)
            orSums[slot] =
              orSums[slot]! +
              orEntryScore(
                this.positions.subarray(this.positionStart[posting], this.positionStart[posting + 1]),
              ); // the Float32Array rounds as C's float does
        }
    });

    const andEntries = rankedByAnd ? this.entryCursor(runs) : null;
    const matchSlots: number[] = [];
    const matchRanks: number[] = [];
    for (let slot = 0; slot < slotCount; slot += 1) {
      const mask = masks[slot]!;
      if (mask === 0 || !matches(mask)) continue;
      matchSlots.push(slot);
      matchRanks.push(
        andEntries ? tsRank(query, andEntries(slot)) : finishOrRank(orSums![slot]!, operands.length),
      );
    }

    const changedMatches = this.changedMatches(query, operands, matches);
    const total = matchSlots.length + changedMatches.length;
    const top = topSlots(matchSlots, matchRanks, limit).map((index): RankedMatch => ({
      rank: matchRanks[index]!,
      id: this.ids[matchSlots[index]!]!,
      createdAtMicros: this.createdAtMicros[matchSlots[index]!]!,
    }));
    if (changedMatches.length > 0) {
      top.push(...changedMatches);
      top.sort(compareRanked);
    }
    return { ids: top.slice(0, limit).map((match) => match.id), total };
  }

  /**
   * A slot's entries for each operand (as tsRank takes them), for slots asked in ascending order:
   * one cursor per lexeme of each run walks its postings once.
   */
  private entryCursor(runs: ReadonlyArray<readonly [number, number]>): (slot: number) => Uint16Array[][] {
    const cursors = runs.map(([first, end]) => {
      const at = new Uint32Array(end - first);
      for (let lexeme = first; lexeme < end; lexeme += 1) at[lexeme - first] = this.lexemeStart[lexeme]!;
      return at;
    });
    return (slot) =>
      runs.map(([first, end], operand) => {
        const at = cursors[operand]!;
        const entries: Uint16Array[] = [];
        for (let lexeme = first; lexeme < end; lexeme += 1) {
          const stop = this.lexemeStart[lexeme + 1]!;
          let posting = at[lexeme - first]!;
          while (posting < stop && this.postingSlots[posting]! < slot) posting += 1;
          at[lexeme - first] = posting;
          if (posting < stop && this.postingSlots[posting] === slot)
            entries.push(
              this.positions.subarray(this.positionStart[posting], this.positionStart[posting + 1]),
            );
        }
        return entries;
      });
  }

  /** The lexemes an operand matches: [first, end) in `lexemes` (a prefix's run, or one lexeme). */
  private lexemeRun(operand: { lexeme: string; prefix: boolean }): [number, number] {
    let low = 0;
    let high = this.lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLexemes(this.lexemes[middle]!, operand.lexeme) < 0) low = middle + 1;
      else high = middle;
    }
    let end = low;
    if (operand.prefix)
      while (end < this.lexemes.length && this.lexemes[end]!.startsWith(operand.lexeme)) end += 1;
    else if (this.lexemes[low] === operand.lexeme) end = low + 1;
    return [low, end];
  }

  /** Rows changed since the build that match, ranked. */
  private changedMatches(
    query: TsQueryNode,
    operands: readonly TsQueryOperand[],
    matches: (mask: number) => boolean,
  ): RankedMatch[] {
    const ranked: RankedMatch[] = [];
    for (const change of this.changed.values()) {
      if (!change) continue;
      let mask = 0;
      const entries = operands.map((operand, index) => {
        const positions = change.entries
          .filter((entry) =>
            operand.prefix ? entry.lexeme.startsWith(operand.lexeme) : entry.lexeme === operand.lexeme,
          )
          .map((entry) => entry.positions);
        if (positions.length > 0) mask |= 1 << index;
        return positions;
      });
      if (!matches(mask)) continue;
      ranked.push({
        rank: tsRank(query, entries),
        id: change.row.id,
        createdAtMicros: change.row.createdAtMicros,
      });
    }
    return ranked;
  }
}

function operandKey(operand: { lexeme: string; prefix: boolean }): string {
  return `${operand.prefix ? "*" : "="}${operand.lexeme}`;
}

/** Operands a window handles: one bit each in a slot's mask (a search has at most 16). */
const MAX_OPERANDS = 31;

/**
 * The query (matchesQuery) as a test of an operand mask, bit i for rankOperands' operand i. Null
 * when an operand of the query is not among them as it is: ts_rank keeps one of two operands that
 * differ only in the prefix flag, which @@ still tells apart (the app's queries never hold such a
 * pair).
 */
function maskMatcher(
  query: TsQueryNode,
  operands: readonly TsQueryOperand[],
): ((mask: number) => boolean) | null {
  const bitOf = new Map<TsQueryOperand, number>();
  const collect = (node: TsQueryNode): boolean => {
    if (node.kind !== "operand") return collect(node.left) && collect(node.right);
    const index = operands.findIndex((operand) => operandKey(operand) === operandKey(node));
    if (index < 0) return false;
    bitOf.set(node, 1 << index);
    return true;
  };
  if (!collect(query)) return null;
  // One callback for every test (no closure per slot): it reads the mask under test.
  let tested = 0;
  const has = (operand: TsQueryOperand) => (tested & bitOf.get(operand)!) !== 0;
  return (mask) => {
    tested = mask;
    return matchesQuery(query, has);
  };
}

/** Rank first (higher first), then listing order. */
function compareRanked(a: RankedMatch, b: RankedMatch): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  return compareNewestFirst(a.createdAtMicros, a.id, b.createdAtMicros, b.id);
}

/**
 * The indexes of the `limit` best matches, best first: higher rank, then lower slot (listing
 * order). Finds the limit-th rank by a numeric sort of the ranks, keeps what is above or at it,
 * and sorts only those.
 */
function topSlots(slots: readonly number[], ranks: readonly number[], limit: number): number[] {
  if (slots.length === 0) return [];
  const sorted = Float64Array.from(ranks).sort();
  const threshold = sorted[Math.max(0, sorted.length - limit)]!;
  const kept: number[] = [];
  for (let index = 0; index < ranks.length; index += 1) if (ranks[index]! >= threshold) kept.push(index);
  // Slots ascend with the index, so a stable sort by rank keeps listing order within a rank.
  kept.sort((a, b) => ranks[b]! - ranks[a]!);
  return kept.slice(0, limit);
}
