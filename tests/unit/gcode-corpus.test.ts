import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type GcodeParseResult, GcodeParser, parseGcode } from "@/lib/gcode/parser";
import { SEGMENT_KIND } from "@/lib/gcode/toolpath";
import { referenceParse } from "./gcode-reference";

/*
 * The parser against real files (../shared/gcode-corpus, see its SOURCES.md): line counts from
 * SOURCES.md (counted with wc -l when the corpus was built), and move counts, source lines and
 * bounding boxes from the independent reference interpreter in gcode-reference.ts.
 */
const CORPUS = path.resolve(__dirname, "../../../shared/gcode-corpus");
const hasCorpus = existsSync(path.join(CORPUS, "SOURCES.md"));
if (!hasCorpus) {
  console.warn(`G-code corpus tests skipped: ${CORPUS} is missing (see docs/gcode.md).`);
}

/** Newline counts from SOURCES.md; a file without a final newline has one more line. */
const NEWLINES: Record<string, number> = {
  s01: 16,
  s02: 224,
  s03: 1008,
  s04: 987,
  s05: 126,
  s06: 867,
  s07: 2316,
  s08: 2562,
  s09: 3530,
  m01: 4379,
  m02: 15960,
  m03: 10109,
  m04: 4996,
  m05: 4711,
  m06: 36590,
  m07: 56095,
  m08: 41799,
  m09: 40306,
  l01: 110247,
  l02: 51551,
  l03: 112444,
  l04: 150499,
  l05: 220732,
  x01: 525898,
  x02: 2616369,
};

const files = hasCorpus ? readdirSync(CORPUS).filter((name) => /^[slmx]\d\d-/.test(name)) : [];
const read = (prefix: string): Uint8Array => {
  const name = files.find((file) => file.startsWith(prefix));
  if (!name) throw new Error(`corpus file ${prefix} missing`);
  return readFileSync(path.join(CORPUS, name));
};

/** Tolerance for extents: the chords of an arc stay within 0.02 mm of it. */
function expectBox(
  actual: { min: number[]; max: number[] } | null,
  expected: { min: number[]; max: number[] } | null,
  units: "mm" | "inch",
): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  const tolerance = units === "inch" ? 0.021 / 25.4 : 0.021;
  for (const side of ["min", "max"] as const) {
    for (let a = 0; a < 3; a++) {
      expect(Math.abs(actual![side][a]! - expected[side][a]!)).toBeLessThanOrEqual(tolerance);
    }
  }
}

function compareWithReference(bytes: Uint8Array, result: GcodeParseResult): void {
  const text = new TextDecoder("latin1").decode(bytes);
  const reference = referenceParse(text);
  const { stats, toolpath } = result;
  expect(stats.lineCount).toBe(reference.lineCount);
  expect(stats.units).toBe(reference.units);
  expect(stats.rapidMoves).toBe(reference.rapidMoves);
  expect(stats.linearMoves).toBe(reference.linearMoves);
  expect(stats.arcMoves).toBe(reference.arcMoves);
  expectBox(stats.bounds, reference.bounds, stats.units);
  expectBox(stats.cutBounds, reference.cutBounds, stats.units);
  if (!toolpath) throw new Error("no toolpath");
  // Every segment is a rapid, a line or a piece of an arc; straight ones carry their source line.
  let arcPieces = 0;
  const straightLines: number[] = [];
  for (let i = 0; i < toolpath.segmentCount; i++) {
    if (toolpath.kinds[i] === SEGMENT_KIND.arc) arcPieces++;
    else straightLines.push(toolpath.lines[i]!);
  }
  expect(stats.segmentCount).toBe(stats.rapidMoves + stats.linearMoves + arcPieces);
  expect(arcPieces).toBeGreaterThanOrEqual(stats.arcMoves);
  expect(straightLines.length).toBe(reference.straightLines.length);
  expect(firstDifference(straightLines, reference.straightLines)).toBe(-1);
}

/** Index of the first differing element, or -1 (a loop: deep equality on millions is slow). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe.skipIf(!hasCorpus)("G-code corpus", () => {
  const realFiles = files.filter((name) => !name.startsWith("x"));

  it.each(realFiles)("%s: lines, moves, source lines and extents match the reference", (name) => {
    const bytes = readFileSync(path.join(CORPUS, name));
    const result = parseGcode(bytes);
    const endsWithNewline = bytes[bytes.length - 1] === 10;
    expect(result.stats.lineCount).toBe(NEWLINES[name.slice(0, 3)]! + (endsWithNewline ? 0 : 1));
    compareWithReference(bytes, result);
  });

  it("reads every file the same in 7-byte chunks as in one piece", () => {
    for (const name of realFiles.filter((file) => /^(s0|m0[1-5])/.test(file))) {
      const bytes = readFileSync(path.join(CORPUS, name));
      const whole = parseGcode(bytes);
      const parser = new GcodeParser();
      for (let i = 0; i < bytes.length; i += 7) parser.push(bytes.subarray(i, i + 7));
      const chunked = parser.finish();
      expect(chunked.stats).toEqual(whole.stats);
      expect(firstDifference(chunked.toolpath!.vertices, whole.toolpath!.vertices)).toBe(-1);
      expect(firstDifference(chunked.toolpath!.lines, whole.toolpath!.lines)).toBe(-1);
    }
  });

  it("x01 (11 MB) and x02 (49 MB) streamed in 1 MiB chunks match the reference", () => {
    for (const prefix of ["x01", "x02"]) {
      const bytes = read(prefix);
      const parser = new GcodeParser({ expectedBytes: bytes.length });
      for (let i = 0; i < bytes.length; i += 1 << 20) parser.push(bytes.subarray(i, i + (1 << 20)));
      const result = parser.finish();
      const endsWithNewline = bytes[bytes.length - 1] === 10;
      expect(result.stats.lineCount).toBe(NEWLINES[prefix]! + (endsWithNewline ? 0 : 1));
      compareWithReference(bytes, result);
    }
  }, 120_000);

  it("s01: helical R arcs in G91 inches end where the deltas add up (hand-summed)", () => {
    const { stats, toolpath } = parseGcode(read("s01"));
    expect(stats).toMatchObject({
      units: "inch",
      lineCount: 16,
      rapidMoves: 0,
      linearMoves: 2,
      arcMoves: 10,
    });
    const v = toolpath!.vertices;
    const end = v.length - 3;
    expect(v[end]).toBeCloseTo(0.0244, 4);
    expect(v[end + 1]).toBeCloseTo(0.0974, 4);
    expect(v[end + 2]).toBeCloseTo(-0.6533 + 10 * 0.0179, 4);
    expect(stats.minCutZ).toBeCloseTo(-0.6533, 4);
  });

  it("s05: tool change M6 T17 and the hand-read extent of the pocket", () => {
    const { stats } = parseGcode(read("s05"));
    expect(stats.units).toBe("mm");
    expect(stats.tools).toContain(17);
    expect(stats.cutBounds!.min[0]).toBeCloseTo(-15.675, 3);
    expect(stats.cutBounds!.max[0]).toBeCloseTo(15.675, 3);
    expect(stats.cutBounds!.min[1]).toBeCloseTo(-12.175, 3);
    expect(stats.cutBounds!.max[1]).toBeCloseTo(12.175, 3);
    expect(stats.bounds!.max[2]).toBeCloseTo(2, 6);
    expect(stats.isLaser).toBe(false);
  });

  it("m03 and m04: Fusion 360 arcs in G17 and G18 match the reference and have no unknown words", () => {
    for (const prefix of ["m03", "m04"]) {
      const { stats } = parseGcode(read(prefix));
      expect(stats.arcMoves).toBeGreaterThan(500);
      expect(stats.unknownWords).toBe(0);
      expect(stats.spindleSpeeds).toEqual([5000]);
    }
  });

  it("m05: LinuxCNC parameters and expressions are evaluated (X[#<xscale>*53.] is 53)", () => {
    const { stats } = parseGcode(read("m05"));
    expect(stats.unknownWords).toBe(0);
    expect(stats.tools).toEqual([1]);
    expect(stats.spindleSpeeds).toEqual([1600]);
    expect(stats.bounds!.max[0]).toBeCloseTo(53, 6);
  });

  it("m06, m07 and l01: LightBurn M4 jobs are lasers; the cut box holds the powered moves", () => {
    for (const prefix of ["m06", "m07", "l01"]) {
      const { stats, toolpath } = parseGcode(read(prefix));
      expect(stats.isLaser).toBe(true);
      expect(stats.spindleSpeeds).toEqual([]);
      expect(stats.maxPower).toBeGreaterThan(0);
      expect(toolpath!.power.some((p) => p > 0)).toBe(true);
    }
  });

  it("m08: $H homing and G10 L20 place the job in work coordinates", () => {
    const { stats } = parseGcode(read("m08"));
    expect(stats.unknownWords).toBe(0);
    expect(stats.bounds!.max[0]).toBeGreaterThan(0);
  });
});
