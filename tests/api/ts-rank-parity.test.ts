import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareLexemes,
  matchesQuery,
  parseTsQuery,
  rankOperands,
  type TsQueryNode,
  type TsQueryOperand,
} from "@/lib/search/search-index/ts-query";
import { tsRank } from "@/lib/search/search-index/ts-rank";
import { createTestDatabase } from "../support/test-database";

/**
 * The in-process port of ts_rank against PostgreSQL itself: random documents and queries in the
 * shapes the app produces, every pair compared for the match and the float4 rank, bit for bit.
 */

const DOCUMENT_COUNT = 2500;
const WEIGHT_BITS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
const WEIGHT_LETTERS = ["A", "B", "C", "D"] as const;
// Shared prefixes on purpose: prefix operands must match runs of neighbouring lexemes.
const VOCABULARY = [
  "walnut",
  "walnuts",
  "wall",
  "wallet",
  "cherri",
  "cherry",
  "cherrywood",
  "sign",
  "signs",
  "tray",
  "trays",
  "board",
  "cafe",
  "café",
  "caffè",
];

/** mulberry32: a small seeded PRNG, so every run sees the same documents. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function randomDocumentLiteral(random: () => number): string {
  const pick = (count: number) => Math.floor(random() * count);
  const lexemeCount = 1 + pick(7);
  const chosen = new Set<string>();
  while (chosen.size < lexemeCount) chosen.add(VOCABULARY[pick(VOCABULARY.length)]!);
  const parts: string[] = [];
  for (const lexeme of chosen) {
    // A few entries without positions (PostgreSQL's POSNULL case).
    if (random() < 0.06) {
      parts.push(`'${lexeme}'`);
      continue;
    }
    const positionCount = random() < 0.12 ? 10 + pick(50) : 1 + pick(4);
    const positions: string[] = [];
    for (let at = 0; at < positionCount; at++) {
      // Rarely the largest position, which the AND rank's dummy position shares.
      const position = random() < 0.01 ? 16383 : 1 + pick(300);
      positions.push(`${position}${WEIGHT_LETTERS[pick(4)]}`);
    }
    parts.push(`'${lexeme}':${positions.join(",")}`);
  }
  return parts.join(" ");
}

/** tsquery expressions as the app builds them, one search word each. */
const TERMS = [
  "to_tsquery('english', 'walnut:*')",
  "to_tsquery('english', 'walnuts:*')",
  "to_tsquery('english', 'wal:*')",
  "(to_tsquery('english', 'cherry:*') || to_tsquery('simple', 'cherry:*'))",
  "(to_tsquery('english', 'signs:*') || to_tsquery('simple', 'signs:*'))",
  "to_tsquery('english', 'sign:*')",
  "to_tsquery('simple', 'sign')",
  "to_tsquery('simple', 'tray')",
  "to_tsquery('simple', 'tray:*')",
  "to_tsquery('simple', 'wall')",
  "to_tsquery('simple', 'wall:*')",
  "to_tsquery('simple', 'cherrywood')",
  "to_tsquery('simple', 'caf:*')",
  "to_tsquery('simple', 'café')",
  "(to_tsquery('simple', 'tray') || to_tsquery('simple', 'board:*'))",
];

function randomQueryExpressions(random: () => number): string[] {
  const pickTerm = () => TERMS[Math.floor(random() * TERMS.length)]!;
  const expressions = [...TERMS];
  for (let at = 0; at < 30; at++) {
    const termCount = 2 + Math.floor(random() * 3);
    expressions.push(Array.from({ length: termCount }, pickTerm).join(" && "));
  }
  for (let at = 0; at < 6; at++) expressions.push(`${pickTerm()} || ${pickTerm()}`);
  // Seven or more operands, with a lexeme both as prefix and not: PostgreSQL's unstable sort
  // decides which of the two ts_rank keeps.
  expressions.push(
    "(to_tsquery('simple', 'wall') || to_tsquery('simple', 'wall:*')) && " +
      "(to_tsquery('english', 'cherry:*') || to_tsquery('simple', 'cherry:*')) && " +
      "(to_tsquery('simple', 'tray:*') || to_tsquery('simple', 'wall')) && to_tsquery('simple', 'sign:*')",
  );
  return expressions;
}

type DocumentEntry = { lexeme: string; positions: number[] };

function operandMatches(operand: TsQueryOperand, lexeme: string): boolean {
  return operand.prefix ? lexeme.startsWith(operand.lexeme) : lexeme === operand.lexeme;
}

describe("ts_rank port (lib/search/search-index) against PostgreSQL 15", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase("cnc_tsrank");
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it("gives the same match and the same float4 rank for every (document, query) pair", async () => {
    const random = seededRandom(20240615);
    const literals = Array.from({ length: DOCUMENT_COUNT }, () => randomDocumentLiteral(random));
    const expressions = randomQueryExpressions(random);

    await client.query("create table docs (id int primary key, vector tsvector not null)");
    await client.query("create table queries (id int primary key, query tsquery not null)");
    await client.query(
      "insert into docs (id, vector) select n, v from unnest($1::tsvector[]) with ordinality as t(v, n)",
      [literals],
    );
    await client.query(
      `insert into queries (id, query) values ${expressions.map((expression, id) => `(${id}, ${expression})`).join(", ")}`,
    );

    const queryRows = await client.query<{ id: number; text: string }>(
      "select id, query::text as text from queries order by id",
    );
    const queries = new Map<number, { text: string; node: TsQueryNode | null; operands: TsQueryOperand[] }>();
    for (const row of queryRows.rows) {
      const node = parseTsQuery(row.text);
      queries.set(row.id, { text: row.text, node, operands: node ? rankOperands(node) : [] });
    }
    const unparsed = [...queries.values()].filter((query) => !query.node).map((query) => query.text);
    expect(unparsed, `queries parseTsQuery refused: ${unparsed.join("; ")}`).toEqual([]);

    const entryRows = await client.query<{
      id: number;
      lexeme: string;
      positions: number[] | null;
      weights: string[] | null;
    }>(
      `select d.id, u.lexeme, u.positions, u.weights
         from docs d cross join lateral unnest(d.vector) with ordinality as u(lexeme, positions, weights, n)
        order by d.id, u.n`,
    );
    const documents = new Map<number, DocumentEntry[]>();
    for (const row of entryRows.rows) {
      const positions = (row.positions ?? []).map(
        (position, at) => (WEIGHT_BITS[row.weights![at]!]! << 14) | position,
      );
      const entries = documents.get(row.id) ?? [];
      entries.push({ lexeme: row.lexeme, positions });
      documents.set(row.id, entries);
    }
    // tsRank expects entries in the document's order; check compareLexemes reproduces it.
    let misorderedDocuments = 0;
    for (const entries of documents.values()) {
      const sorted = entries.map((entry) => entry.lexeme).sort(compareLexemes);
      if (sorted.some((lexeme, at) => lexeme !== entries[at]!.lexeme)) misorderedDocuments++;
    }
    expect(misorderedDocuments, "documents whose lexeme order compareLexemes disagrees with").toBe(0);

    const pairs = await client.query<[number, number, boolean, string | number]>({
      text: `select d.id, q.id, d.vector @@ q.query, ts_rank(d.vector, q.query)
               from docs d cross join queries q`,
      rowMode: "array",
    });

    let matchMismatches = 0;
    let rankMismatches = 0;
    let matchedPairs = 0;
    const distinctRanks = new Set<number>();
    const examples: string[] = [];
    for (const [documentId, queryId, postgresMatches, postgresRank] of pairs.rows) {
      const query = queries.get(queryId)!;
      const documentEntries = documents.get(documentId)!;
      const hasLexeme = (operand: TsQueryOperand) =>
        documentEntries.some((entry) => operandMatches(operand, entry.lexeme));
      const matches = matchesQuery(query.node!, hasLexeme);
      const entries = query.operands.map((operand) =>
        documentEntries
          .filter((entry) => operandMatches(operand, entry.lexeme))
          .map((entry) => entry.positions),
      );
      const rank = tsRank(query.node!, entries);
      const expectedRank = Math.fround(Number(postgresRank));
      if (postgresMatches) matchedPairs++;
      distinctRanks.add(expectedRank);
      if (matches !== postgresMatches) matchMismatches++;
      if (rank !== expectedRank) rankMismatches++;
      if ((matches !== postgresMatches || rank !== expectedRank) && examples.length < 5) {
        examples.push(
          `doc ${literals[documentId - 1]} / ${query.text}: match ${matches} vs ${postgresMatches}, rank ${rank} vs ${expectedRank}`,
        );
      }
    }

    expect(pairs.rows.length).toBe(DOCUMENT_COUNT * expressions.length);
    // Guards against a vacuous run: plenty of matches and of different ranks.
    expect(matchedPairs).toBeGreaterThan(pairs.rows.length / 10);
    expect(distinctRanks.size).toBeGreaterThan(1000);
    expect(
      { matchMismatches, rankMismatches },
      `${matchMismatches} match and ${rankMismatches} rank mismatches in ${pairs.rows.length} pairs:\n${examples.join("\n")}`,
    ).toEqual({ matchMismatches: 0, rankMismatches: 0 });
  });
});
