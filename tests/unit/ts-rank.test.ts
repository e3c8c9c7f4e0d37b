import { describe, expect, it } from "vitest";
import {
  compareLexemes,
  matchesQuery,
  parseTsQuery,
  rankOperands,
  type TsQueryNode,
} from "@/lib/search/search-index/ts-query";
import { tsRank } from "@/lib/search/search-index/ts-rank";

const WEIGHT_BITS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * A document written like a tsvector literal, `{ walnut: "1A,17C", tray: "" }`: positions with an
 * optional weight letter (D when absent); "" is an entry stored without positions.
 */
type Document = Record<string, string>;

function encodePositions(written: string): number[] {
  if (written === "") return [];
  return written.split(",").map((item) => {
    const match = /^(\d+)([ABCD]?)$/.exec(item);
    if (!match) throw new Error(`bad position ${item}`);
    return (WEIGHT_BITS[match[2] || "D"]! << 14) | Number(match[1]);
  });
}

function parsed(text: string): TsQueryNode {
  const query = parseTsQuery(text);
  if (!query) throw new Error(`unparsed ${text}`);
  return query;
}

function operandMatches(operand: { lexeme: string; prefix: boolean }, lexeme: string): boolean {
  return operand.prefix ? lexeme.startsWith(operand.lexeme) : lexeme === operand.lexeme;
}

function rank(document: Document, text: string): number {
  const query = parsed(text);
  const lexemes = Object.keys(document).sort(compareLexemes);
  const entries = rankOperands(query).map((operand) =>
    lexemes
      .filter((lexeme) => operandMatches(operand, lexeme))
      .map((lexeme) => encodePositions(document[lexeme]!)),
  );
  return tsRank(query, entries);
}

const operand = (lexeme: string, prefix = false): TsQueryNode => ({ kind: "operand", lexeme, prefix });

describe("parseTsQuery", () => {
  it("reads a single operand, with and without prefix", () => {
    expect(parseTsQuery("'walnut'")).toEqual(operand("walnut"));
    expect(parseTsQuery("'walnut':*")).toEqual(operand("walnut", true));
  });

  it("reads an OR of prefixes", () => {
    expect(parseTsQuery("'cherri':* | 'cherry':*")).toEqual({
      kind: "or",
      left: operand("cherri", true),
      right: operand("cherry", true),
    });
  });

  it("reads a parenthesised OR under an AND", () => {
    expect(parseTsQuery("( 'cherri':* | 'cherry':* ) & 'sign':*")).toEqual({
      kind: "and",
      left: { kind: "or", left: operand("cherri", true), right: operand("cherry", true) },
      right: operand("sign", true),
    });
  });

  it("reads a three-term AND left-associatively", () => {
    expect(parseTsQuery("'a':* & 'b' & 'c':*")).toEqual({
      kind: "and",
      left: { kind: "and", left: operand("a", true), right: operand("b") },
      right: operand("c", true),
    });
  });

  it("binds & tighter than |", () => {
    expect(parseTsQuery("'a' | 'b' & 'c'")).toEqual({
      kind: "or",
      left: operand("a"),
      right: { kind: "and", left: operand("b"), right: operand("c") },
    });
  });

  it("unescapes doubled quotes and backslashes as PostgreSQL prints them", () => {
    // select $$'a''b\\c'$$::tsquery prints 'a''b\\c' on PostgreSQL 15.
    expect(parseTsQuery("'a''b\\\\c'")).toEqual(operand("a'b\\c"));
    expect(parseTsQuery("'it''s':*")).toEqual(operand("it's", true));
  });

  it.each([
    ["the empty query", ""],
    ["NOT", "!'a'"],
    ["NOT inside an AND", "'a' & !'b'"],
    ["a phrase", "'a' <-> 'b'"],
    ["a distance phrase", "'a' <2> 'b'"],
    ["a weighted prefix", "'a':*A"],
    ["a weight label", "'a':B"],
    ["an unclosed quote", "'a"],
    ["a dangling operator", "'a' &"],
    ["an unbalanced parenthesis", "( 'a' | 'b'"],
  ])("gives null for %s", (_label, text) => {
    expect(parseTsQuery(text)).toBeNull();
  });
});

describe("compareLexemes", () => {
  it("orders ASCII bytewise", () => {
    expect(compareLexemes("wall", "walnut")).toBeLessThan(0);
    expect(compareLexemes("tray", "sign")).toBeGreaterThan(0);
    expect(compareLexemes("Zebra", "apple")).toBeLessThan(0);
    expect(compareLexemes("sign", "sign")).toBe(0);
  });

  it("puts a prefix before its extensions", () => {
    expect(compareLexemes("cherri", "cherry")).toBeLessThan(0);
    expect(compareLexemes("cherry", "cherrywood")).toBeLessThan(0);
    expect(compareLexemes("walnuts", "walnut")).toBeGreaterThan(0);
  });

  it("orders non-ASCII by UTF-8 bytes, not UTF-16 code units", () => {
    expect(compareLexemes("cafe", "café")).toBeLessThan(0);
    expect(compareLexemes("café", "caff")).toBeGreaterThan(0);
    // U+FF21 is EF BC A1 in UTF-8, below U+1F600 (F0 9F 98 80), though its UTF-16 unit is higher.
    expect(compareLexemes("\uFF21", "\u{1F600}")).toBeLessThan(0);
    expect(["\u{1F600}", "\uFF21", "z"].sort(compareLexemes)).toEqual(["z", "\uFF21", "\u{1F600}"]);
  });
});

describe("rankOperands", () => {
  it("sorts operands by lexeme", () => {
    expect(rankOperands(parsed("( 'walnut':* | 'cherri':* ) & 'sign' & 'cherry':*"))).toEqual([
      { lexeme: "cherri", prefix: true },
      { lexeme: "cherry", prefix: true },
      { lexeme: "sign", prefix: false },
      { lexeme: "walnut", prefix: true },
    ]);
  });

  it("treats the same lexeme with and without prefix as one operand", () => {
    // PostgreSQL stores an operator before its right then its left side, so the operand printed
    // last comes first into the (stable, under 7 items) sort and survives.
    expect(rankOperands(parsed("'wall' & 'wall':*"))).toEqual([{ lexeme: "wall", prefix: true }]);
    expect(rankOperands(parsed("'wall':* & 'wall'"))).toEqual([{ lexeme: "wall", prefix: false }]);
    expect(rankOperands(parsed("'sign' | 'sign' | 'tray'"))).toEqual([
      { lexeme: "sign", prefix: false },
      { lexeme: "tray", prefix: false },
    ]);
  });
});

describe("matchesQuery", () => {
  const documentLexemes = ["cherri", "sign", "walnut"];
  const has = (candidate: { lexeme: string; prefix: boolean }) =>
    documentLexemes.some((lexeme) => operandMatches(candidate, lexeme));

  it.each([
    ["'walnut'", true],
    ["'wal':*", true],
    ["'wal'", false],
    ["'walnuts':*", false],
    ["( 'cherri':* | 'cherry':* ) & 'sign':*", true],
    ["'cherry':* & 'sign':*", false],
    ["'tray' | 'sign'", true],
    ["'tray' | 'wallet':*", false],
  ])("%s -> %s", (text, expected) => {
    expect(matchesQuery(parsed(text), has)).toBe(expected);
  });
});

describe("tsRank", () => {
  const f32 = Math.fround;

  it("one operand at one A position ranks 1 / zeta(2)", () => {
    // weightSum 1, best weight 1 at index 0: (1 + 1 - 1) / 1.64493406685, over one operand.
    expect(rank({ walnut: "1A" }, "'walnut'")).toBe(f32(1 / 1.64493406685));
  });

  it("one operand at one D position ranks 0.1f / zeta(2)", () => {
    // (0.1f + 0.1f - 0.1f) is exactly 0.1f in float.
    expect(rank({ walnut: "1" }, "'walnut'")).toBe(f32(f32(0.1) / 1.64493406685));
  });

  it("repeated positions are damped by 1/i^2", () => {
    // weightSum = 1 + 1/4 + 1/9 in float; the best weight (index 0) counts in full once.
    const weightSum = f32(f32(f32(1 + f32(1 / 4)) + f32(1 / 9)));
    expect(rank({ walnut: "1A,2A,3A" }, "'walnut'")).toBe(f32(f32(f32(1 + weightSum) - 1) / 1.64493406685));
  });

  it("an OR averages over the distinct operands, matched or not", () => {
    // Only 'sign' matches: its score over two operands.
    expect(rank({ sign: "3A", walnut: "2" }, "'sign' | 'tray'")).toBe(f32(f32(1 / 1.64493406685) / 2));
  });

  it("an AND of two adjacent A positions uses word_distance(1)", () => {
    const distanceOne = f32(1 / (1.005 + 0.05 * Math.exp(1 / 1.5 - 2)));
    expect(rank({ sign: "1A", tray: "2A" }, "'sign' & 'tray'")).toBe(f32(Math.sqrt(distanceOne)));
  });

  it("an AND of entries without positions pairs them at distance MAXENTRYPOS", () => {
    // sqrt(0.1f * 0.1f * 1e-30f): the dummy position has weight D.
    expect(rank({ sign: "", tray: "" }, "'sign' & 'tray'")).toBe(
      f32(Math.sqrt(f32(f32(f32(0.1) * f32(0.1)) * f32(1e-30)))),
    );
  });

  it("an AND where nothing pairs ranks 1e-20f", () => {
    expect(rank({ wall: "4B", walnut: "1C,30A" }, "'wal':* & 'sign':*")).toBe(f32(1e-20));
  });

  it("an AND with one distinct operand falls back to the OR rank", () => {
    expect(rank({ walnut: "1A" }, "'walnut' & 'walnut'")).toBe(f32(1 / 1.64493406685));
  });

  it("an empty entry list contributes nothing", () => {
    const query = parsed("'sign' | 'tray'");
    expect(tsRank(query, [[], []])).toBe(0);
  });

  // Values read from PostgreSQL 15.20 on this machine with
  // psql -Atc "select ts_rank('<vector>'::tsvector, $$<query>$$::tsquery)".
  it.each<[Document, string, number]>([
    [{ walnut: "1A" }, "'walnut'", 0.6079271],
    [{ walnut: "1" }, "'walnut'", 0.06079271],
    [{ sign: "1A", tray: "2A" }, "'sign' & 'tray'", 0.9910322],
    [{ sign: "", tray: "" }, "'sign' & 'tray'", 1e-16],
    [{ sign: "", tray: "5A" }, "'sign' & 'tray'", 3.1622776e-16],
    [{ sign: "3A", tray: "7B,9C", walnut: "2" }, "'sign' | 'tray'", 0.44074714],
    [{ wall: "4B", wallet: "9A", walnut: "1C,30A", walnuts: "12" }, "'wal':* & 'sign':*", 1e-20],
    [{ sign: "3A", tray: "7B,9C", walnut: "2,20,40A" }, "( 'walnut':* | 'tray' ) & 'sign':*", 0.8873266],
    [{ walnut: "1A,2A,3A" }, "'walnut'", 0.82745636],
    [{ a: "1", ab: "5" }, "'a' & 'a':*", 0.12158542],
    [{ a: "1", ab: "5" }, "'a':* & 'a'", 0.06079271],
  ])("matches PostgreSQL for %j and %s", (document, text, expected) => {
    expect(rank(document, text)).toBe(f32(expected));
  });
});
