/**
 * PostgreSQL 15's ts_rank(vector, query) with the default weights and normalization 0, ported
 * from src/backend/utils/adt/tsrank.c so that in-process ranking agrees bit for bit with pages
 * PostgreSQL ranks. C computes in float (float4) except where a double constant or a libm call
 * promotes to double; every such point is marked by Math.fround where C stores a float.
 */
import type { TsQueryNode } from "./ts-query";

const f32 = Math.fround;

/** {D, C, B, A}, indexed by the weight bits of a WordEntryPos. */
const WEIGHTS = new Float32Array([0.1, 0.2, 0.4, 1.0]);

const POSITION_BITS = 14;
const MAX_ENTRY_POS = 1 << POSITION_BITS;
const POSITION_MASK = MAX_ENTRY_POS - 1;

/** sum(1/i^2) for i -> infinity, as the double literal in tsrank.c. */
const ZETA_2 = 1.64493406685;

const FAR_APART_WEIGHT = f32(1e-30);
const NO_PAIR_RANK = f32(1e-20);

/** word_distance(d) for d in 1..100, computed in double and returned as float (index 0 unused). */
const WORD_DISTANCE = new Float32Array(101);
for (let distance = 1; distance <= 100; distance++) {
  WORD_DISTANCE[distance] = 1.0 / (1.005 + 0.05 * Math.exp(f32(distance) / 1.5 - 2));
}

function wordDistance(distance: number): number {
  return distance > 100 ? FAR_APART_WEIGHT : WORD_DISTANCE[distance]!;
}

/**
 * Stand-ins for an entry stored without positions. The OR rank sees position 0 with weight D;
 * the AND rank sets the position to MAXENTRYPOS - 1 (weight still D), so it pairs far from
 * anything.
 */
const NO_POSITIONS_OR = Uint16Array.of(0);
const NO_POSITIONS_AND = Uint16Array.of(MAX_ENTRY_POS - 1);

function weightOf(wordEntryPos: number): number {
  return WEIGHTS[(wordEntryPos >>> POSITION_BITS) & 3]!;
}

/**
 * calc_rank_or's share of one matched entry: its positions' weights damped by 1/i^2 (the best
 * weight counted in full rather than at its damped place), over zeta(2). A double: C adds it to
 * the float running sum in double and rounds the result, so the caller sums with
 * `Math.fround(sum + share)`, entry by entry in calc_rank_or's order.
 */
export function orEntryScore(stored: ArrayLike<number>): number {
  const positions = stored.length === 0 ? NO_POSITIONS_OR : stored;
  let weightSum = 0;
  let maxWeight = -1;
  let maxWeightIndex = 0;
  for (let index = 0; index < positions.length; index++) {
    const weight = weightOf(positions[index]!);
    weightSum = f32(weightSum + f32(weight / ((index + 1) * (index + 1))));
    if (weight > maxWeight) {
      maxWeight = weight;
      maxWeightIndex = index;
    }
  }
  const entryScore = f32(
    f32(maxWeight + weightSum) - f32(maxWeight / ((maxWeightIndex + 1) * (maxWeightIndex + 1))),
  );
  return entryScore / ZETA_2;
}

/** calc_rank_or's result from the float sum of orEntryScore over `operandCount` distinct operands. */
export function finishOrRank(sum: number, operandCount: number): number {
  return operandCount > 0 ? f32(sum / operandCount) : sum;
}

/** calc_rank_or: every matched entry of every operand adds its orEntryScore. */
function rankOr(entries: ReadonlyArray<ReadonlyArray<ArrayLike<number>>>): number {
  let rank = 0;
  for (const operandEntries of entries)
    for (const stored of operandEntries) rank = f32(rank + orEntryScore(stored));
  return finishOrRank(rank, entries.length);
}

/**
 * calc_rank_and: every pair of positions of two different operands contributes by their
 * distance. Of an operand with several entries (a prefix), each entry pairs with the *last*
 * entry of each earlier operand, since PostgreSQL keeps only that one per operand.
 */
function rankAnd(entries: ReadonlyArray<ReadonlyArray<ArrayLike<number>>>): number {
  let rank = -1;
  for (let operand = 1; operand < entries.length; operand++) {
    const operandEntries = entries[operand]!;
    for (const stored of operandEntries) {
      const hasNoPositions = stored.length === 0;
      const positions = hasNoPositions ? NO_POSITIONS_AND : stored;
      for (let earlier = 0; earlier < operand; earlier++) {
        const earlierEntries = entries[earlier]!;
        if (earlierEntries.length === 0) continue;
        const earlierStored = earlierEntries[earlierEntries.length - 1]!;
        const earlierHasNoPositions = earlierStored.length === 0;
        const earlierPositions = earlierHasNoPositions ? NO_POSITIONS_AND : earlierStored;
        for (let l = 0; l < positions.length; l++) {
          const position = positions[l]!;
          const positionWeight = weightOf(position);
          for (let p = 0; p < earlierPositions.length; p++) {
            const earlierPosition = earlierPositions[p]!;
            let distance = Math.abs((position & POSITION_MASK) - (earlierPosition & POSITION_MASK));
            // Two real positions at the same place do not count; an entry without positions does.
            if (distance === 0 && !hasNoPositions && !earlierHasNoPositions) continue;
            if (distance === 0) distance = MAX_ENTRY_POS;
            const pairWeight = f32(
              Math.sqrt(f32(f32(positionWeight * weightOf(earlierPosition)) * wordDistance(distance))),
            );
            rank = rank < 0 ? pairWeight : f32(1.0 - (1.0 - rank) * (1.0 - pairWeight));
          }
        }
      }
    }
  }
  return rank;
}

/**
 * ts_rank(vector, query) as PostgreSQL 15 computes it (float4), for a query parsed by parseTsQuery.
 * `entries[i]` holds, for the i-th operand of rankOperands(query), the document's matching entries in the
 * document's lexeme order (compareLexemes), each entry as its positions encoded like WordEntryPos
 * (weight << 14 | position); an entry stored without positions is an empty array (PostgreSQL's POSNULL case). An operand with no matching entry: an empty list.
 *
 * PostgreSQL answers 0 for an empty tsvector before ranking; this port cannot tell an empty
 * document from one that merely misses every operand (where an AND query ranks 1e-20), so rank
 * only documents with at least one lexeme.
 */
export function tsRank(query: TsQueryNode, entries: ReadonlyArray<ReadonlyArray<ArrayLike<number>>>): number {
  // calc_rank_and falls back to the OR formula below two distinct operands.
  const rank = query.kind === "and" && entries.length >= 2 ? rankAnd(entries) : rankOr(entries);
  return rank < 0 ? NO_PAIR_RANK : rank;
}
