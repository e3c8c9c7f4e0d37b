import { describe, expect, it } from "vitest";
import {
  correctedTexts,
  spellingEdits,
  type TypedWord,
  typedWords,
} from "@/lib/search/title-index/title-corrections";

describe("typedWords", () => {
  it("splits on everything but a-z and 0-9 and marks the word still being typed", () => {
    expect(typedWords("3d cedar-box wal")).toEqual([
      { word: "3d", start: 0, isPartial: false },
      { word: "cedar", start: 3, isPartial: false },
      { word: "box", start: 9, isPartial: false },
      { word: "wal", start: 13, isPartial: true },
    ]);
    expect(typedWords("walnut!").at(-1)).toMatchObject({ word: "walnut", isPartial: false });
  });
});

describe("spellingEdits", () => {
  it("lists every deletion, swap of neighbours, replacement and insertion, not the word itself", () => {
    const edits = spellingEdits("wlanut");
    for (const edit of ["walnut", "lanut", "wlant", "wlonut", "wlaniut"]) expect(edits).toContain(edit);
    expect(edits).not.toContain("wlanut");
    expect(new Set(edits).size).toBe(edits.length);
  });

  it("tries digits only in words that have one and keeps edits two letters long", () => {
    expect(spellingEdits("oak").some((edit) => /[0-9]/.test(edit))).toBe(false);
    expect(spellingEdits("3d")).toContain("3e");
    expect(spellingEdits("3d")).toContain("4d");
    expect(spellingEdits("ab").every((edit) => edit.length >= 2)).toBe(true);
  });
});

describe("correctedTexts", () => {
  const [cedra, cuttnig, bo] = typedWords("cedra, cuttnig bo") as [TypedWord, TypedWord, TypedWord];

  it("replaces the misspelt words in place, keeping what is between them", () => {
    expect(correctedTexts("cedra, cuttnig bo", new Map([[cuttnig, ["cutting"]]]), 3)).toEqual([
      "cedra, cutting bo",
    ]);
  });

  it("puts the combinations of better corrections first and stops at the bound", () => {
    const corrections = new Map([
      [bo, ["box", "ob"]],
      [cedra, ["cedar", "cedro"]],
    ]);
    expect(correctedTexts("cedra, cuttnig bo", corrections, 3)).toEqual([
      "cedar, cuttnig box",
      "cedar, cuttnig ob",
      "cedro, cuttnig box",
    ]);
    expect(correctedTexts("cedra", new Map([[cedra, []]]), 3)).toEqual([]);
  });
});
