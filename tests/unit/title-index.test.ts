import { describe, expect, it } from "vitest";
import { TitleIndex, type TitleRow } from "@/lib/search/title-index/title-index";
import { orderedTrigrams, textTrigrams, wordSimilarity } from "@/lib/search/title-index/word-similarity";

const DAY = 86_400_000;

/** Rows in listing order: the first is the newest. */
function rows(titles: string[]): TitleRow[] {
  return titles.map((title, at) => ({
    id: `00000000-0000-4000-8000-${String(1000 - at).padStart(12, "0")}`,
    title,
    username: `maker${at}`,
    createdAt: 1_800_000_000_000 - at * DAY,
  }));
}

const titlesOf = (found: TitleRow[]) => found.map((row) => row.title);

describe("TitleIndex.search", () => {
  const index = TitleIndex.build(
    rows([
      "Walnut Cutting Board",
      "Maple cutting board with juice groove",
      "Kitchen sign (v-carve)",
      "Walnut clock",
      "100% cherry tray",
      "Café table",
    ]),
  );

  it("finds titles containing the text anywhere, newest first, up to the limit", () => {
    expect(titlesOf(index.search(["cutting boa"], 10))).toEqual([
      "Walnut Cutting Board",
      "Maple cutting board with juice groove",
    ]);
    expect(titlesOf(index.search(["walnut"], 1))).toEqual(["Walnut Cutting Board"]);
    expect(titlesOf(index.search(["alnu"], 10))).toEqual(["Walnut Cutting Board", "Walnut clock"]);
  });

  it("matches the characters as typed: punctuation, wildcards of LIKE, letters beyond ASCII, short texts", () => {
    expect(titlesOf(index.search(["(v-carve)"], 10))).toEqual(["Kitchen sign (v-carve)"]);
    expect(titlesOf(index.search(["100%"], 10))).toEqual(["100% cherry tray"]);
    expect(index.search(["%%%%"], 10)).toEqual([]);
    expect(index.search(["wal_ut"], 10)).toEqual([]);
    expect(titlesOf(index.search(["café"], 10))).toEqual(["Café table"]);
    expect(titlesOf(index.search(["ca"], 10))).toEqual(["Kitchen sign (v-carve)", "Café table"]);
  });

  it("merges several texts in listing order", () => {
    expect(titlesOf(index.search(["clock", "maple"], 10))).toEqual([
      "Maple cutting board with juice groove",
      "Walnut clock",
    ]);
  });

  it("finds nothing when no title holds the text as typed, though each word is in one", () => {
    expect(index.search(["board cutting"], 10)).toEqual([]);
    expect(index.search(["walnut cherry"], 10)).toEqual([]);
  });
});

describe("TitleIndex.apply", () => {
  it("follows renamed, new, unlisted and re-listed posts, and the word counts with them", () => {
    const base = rows(["Walnut box", "Pine box", "Oak shelf"]);
    const index = TitleIndex.build(base);
    expect(index.wordCount("box")).toBe(2);

    index.apply([
      { id: base[0]!.id, row: { ...base[0]!, title: "Walnut tray" } },
      { id: base[2]!.id, row: null },
      {
        id: "new",
        row: { id: "new", title: "Cherry box", username: "new", createdAt: base[1]!.createdAt + 1 },
      },
    ]);
    expect(titlesOf(index.search(["box"], 10))).toEqual(["Cherry box", "Pine box"]);
    expect(titlesOf(index.search(["walnut"], 10))).toEqual(["Walnut tray"]);
    expect(index.search(["oak"], 10)).toEqual([]);
    expect(index.wordCount("box")).toBe(2);
    expect(index.wordCount("tray")).toBe(1);
    expect(index.wordCount("oak")).toBeUndefined();
    expect(index.size).toBe(3);
    expect(index.changeCount).toBe(3);

    // The same change read twice (a catch-up reads a running transaction's changes again).
    index.apply([{ id: base[2]!.id, row: null }]);
    index.apply([{ id: base[2]!.id, row: base[2]! }]);
    index.apply([{ id: base[2]!.id, row: base[2]! }]);
    expect(titlesOf(index.search(["shelf"], 10))).toEqual(["Oak shelf"]);
    expect(index.wordCount("oak")).toBe(1);
    expect(index.size).toBe(4);
  });

  it("keeps listing order between the base and the changed rows, newest then greatest id", () => {
    const base = rows(["Box one", "Box two", "Box three"]);
    const index = TitleIndex.build(base);
    const between = { id: "z-between", title: "Box between", username: "x", createdAt: base[1]!.createdAt };
    index.apply([{ id: between.id, row: between }]);
    expect(titlesOf(index.search(["box"], 10))).toEqual(["Box one", "Box between", "Box two", "Box three"]);
    expect(titlesOf(index.search(["box"], 2))).toEqual(["Box one", "Box between"]);
  });
});

describe("TitleIndex word lookups", () => {
  const index = TitleIndex.build(rows(["Walnut board", "Walnut box", "Wall clock", "3D carved sign"]));

  it("counts the posts that use a word, once per title", () => {
    expect(index.wordCount("walnut")).toBe(2);
    expect(index.wordCount("3d")).toBe(1);
    expect(index.wordCount("waln")).toBeUndefined();
  });

  it("gives a prefix the count of its most used completion", () => {
    expect(index.prefixCount("wal")).toBe(2);
    expect(index.prefixCount("wall")).toBe(1);
    expect(index.prefixCount("walz")).toBeUndefined();
    expect(index.prefixCount("s")).toBe(1);
  });
});

describe("wordSimilarity", () => {
  it("pads each word as pg_trgm does", () => {
    expect(orderedTrigrams("Cat, ox")).toEqual(["  c", " ca", "cat", "at ", "  o", " ox", "ox "]);
  });

  it("gives pg_trgm's word_similarity (values read from PostgreSQL 15)", () => {
    const cases: [string, string, number][] = [
      ["word", "two words", 0.8],
      ["walnut", "Walnut cutting board", 1],
      ["cuting board", "End grain cutting board", 0.8],
      ["waln", "a walnut box", 0.8],
      ["pine puzlze", "Pine puzzle box for kids", 0.6363636255264282],
      ["maple", "no match here", 0.3333333432674408],
      ["abc xyz", "xyz abc", 1],
    ];
    for (const [text, title, expected] of cases)
      expect(wordSimilarity(textTrigrams(text), title)).toBe(Math.fround(expected));
  });

  it("is 0 for a text without a word", () => {
    expect(wordSimilarity(textTrigrams("%%"), "anything")).toBe(0);
  });
});
