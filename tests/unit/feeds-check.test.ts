import { describe, expect, it } from "vitest";
import { chartRangeMm, CHIPLOAD_TABLE, findChiploadRow, MM_PER_INCH } from "@/lib/feeds/chipload-table";
import {
  checkFeeds,
  chiploadMm,
  depthFactor,
  feedStatus,
  feedWarning,
  type FeedsCheckInput,
} from "@/lib/feeds/feeds-check";
import { buildPreflightReport } from "@/lib/gcode/preflight";
import { scanToolFeeds } from "@/lib/gcode/tool-feeds";
import { MATERIAL_VALUES } from "@/lib/catalogue/enums";

const bytes = (text: string) => new TextEncoder().encode(text);
const QUARTER = 0.25 * MM_PER_INCH;

describe("chipload math", () => {
  it("is feed / (rpm x flutes) in mm per tooth", () => {
    expect(chiploadMm(3600, 18000, 2)).toBeCloseTo(0.1, 10);
    expect(chiploadMm(1000, 10000, 1)).toBeCloseTo(0.1, 10);
  });

  it("the depth rule reduces 25% from 2x the diameter and 50% from 3x", () => {
    expect(depthFactor(6, 6.35)).toBe(1);
    expect(depthFactor(12.69, 6.35)).toBe(1);
    expect(depthFactor(12.7, 6.35)).toBe(0.75);
    expect(depthFactor(19.04, 6.35)).toBe(0.75);
    expect(depthFactor(19.05, 6.35)).toBe(0.5);
    expect(depthFactor(50, 6.35)).toBe(0.5);
    expect(depthFactor(null, 6.35)).toBe(1);
  });

  it("low below the range, high above it, ok inside with its ends", () => {
    expect(feedStatus(0.05, [0.1, 0.2])).toBe("low");
    expect(feedStatus(0.1, [0.1, 0.2])).toBe("ok");
    expect(feedStatus(0.2, [0.1, 0.2])).toBe("ok");
    expect(feedStatus(0.21, [0.1, 0.2])).toBe("high");
  });
});

describe("chipload table", () => {
  it("names only materials the site offers, with ranges that grow with the bit", () => {
    for (const row of CHIPLOAD_TABLE) {
      expect(MATERIAL_VALUES).toContain(row.material);
      for (const [min, max] of row.inches) expect(min).toBeLessThan(max);
      for (let i = 1; i < row.inches.length; i++)
        expect(row.inches[i]![1]).toBeGreaterThanOrEqual(row.inches[i - 1]![1]);
    }
  });

  it("gives the chart's own column at 1/4 inch, converted to mm (AST softwood .006-.008)", () => {
    const range = chartRangeMm(findChiploadRow("Wood (soft)")!, QUARTER)!;
    expect(range[0]).toBeCloseTo(0.006 * MM_PER_INCH, 6);
    expect(range[1]).toBeCloseTo(0.008 * MM_PER_INCH, 6);
  });

  it("interpolates between columns and scales below 1/8 inch", () => {
    const row = findChiploadRow("MDF")!;
    const between = chartRangeMm(row, 0.1875 * MM_PER_INCH)!;
    expect(between[0]).toBeCloseTo(((0.004 + 0.012) / 2) * MM_PER_INCH, 6);
    const sixteenth = chartRangeMm(row, 0.0625 * MM_PER_INCH)!;
    expect(sixteenth[1]).toBeCloseTo(0.0035 * MM_PER_INCH, 6);
  });

  it("has nothing outside 1/32 to 1 inch or for materials without a chart", () => {
    expect(chartRangeMm(findChiploadRow("MDF")!, 0.5)).toBeNull();
    expect(chartRangeMm(findChiploadRow("MDF")!, 30)).toBeNull();
    expect(findChiploadRow("Glass")).toBeNull();
    expect(findChiploadRow(null)).toBeNull();
  });
});

describe("tool feeds of a program", () => {
  it("weighs feeds by the distance they cut, per tool, in mm, and finds the deepest pass", () => {
    const program = [
      "G21 G90",
      "T1 M6",
      "S18000 M3",
      "G0 Z5",
      "G0 X0 Y0",
      "G1 Z-3 F300", // plunge: not a side cut
      "G1 X100 F2000",
      "G1 Y10",
      "G1 Z-6 F300",
      "G1 X0 F2000",
      "G1 Y0 F500", // short and slow
      "T2 M6",
      "S16000 M3",
      "G20",
      "G1 Z-0.1 F10",
      "G1 X1 F50",
      "M5",
    ].join("\n");
    const [first, second] = scanToolFeeds(bytes(program));
    expect(first).toMatchObject({ tool: 1, feedMmPerMin: 2000, rpm: 18000, topCutZMm: -3, maxStepDownMm: 3 });
    expect(first!.cutLengthMm).toBeCloseTo(220, 3);
    expect(second).toMatchObject({ tool: 2, feedMmPerMin: 1270, rpm: 16000, topCutZMm: -2.54 });
  });

  it("reads lines split across chunks and ignores comments", () => {
    const program = "G21\n(T9 is a comment)\nS10000 M3\nG1 Z-1 F1000\nG1 X10 ; F5\nG1 X20\n";
    const scanner = scanToolFeeds(bytes(program));
    expect(scanner).toEqual([
      { tool: 0, feedMmPerMin: 1000, rpm: 10000, cutLengthMm: 20, topCutZMm: -1, maxStepDownMm: 0 },
    ]);
  });
});

const softwoodInput = (overrides: Partial<FeedsCheckInput> = {}): FeedsCheckInput => ({
  toolFeeds: [{ tool: 1, feedMmPerMin: 6000, rpm: 18000, topCutZMm: -3, maxStepDownMm: 3 }],
  isLaser: false,
  mappedTools: [
    {
      id: "t1",
      laserOrEndmill: "Endmill",
      toolUsed: 0.25,
      toolUnit: "inches",
      toolType: "Upcut Endmill",
      flutes: 2,
    },
  ],
  material: "Wood (soft)",
  spindleSpeed: 18000,
  zZeroPosition: "Material Surface",
  thickness: 0.75,
  units: "Inches",
  ...overrides,
});

describe("feeds check", () => {
  it("passes 6000 mm/min at 18000 rpm on a 2-flute 1/4 inch bit in softwood (0.1667 mm/tooth)", () => {
    const [check] = checkFeeds(softwoodInput());
    expect(check).toMatchObject({
      status: "ok",
      flutes: 2,
      rpm: 18000,
      depthFactor: 1,
      material: "Wood (soft)",
    });
    expect(check!.chiploadMm).toBeCloseTo(0.1667, 4);
    expect(check!.recommendedMm).toEqual([0.1524, 0.2032]);
  });

  it("flags too low and too high with the numbers", () => {
    const low = checkFeeds(
      softwoodInput({
        toolFeeds: [{ tool: 1, feedMmPerMin: 1000, rpm: null, topCutZMm: -3, maxStepDownMm: 3 }],
      }),
    )[0]!;
    expect(low.status).toBe("low");
    expect(feedWarning(low)).toMatch(
      /^Chipload too low on the 6.35 mm Upcut Endmill \(T1\): 0.0278 mm per tooth \(1000 mm\/min at 18000 rpm, 2 flutes\)/,
    );
    const high = checkFeeds(
      softwoodInput({
        toolFeeds: [{ tool: 1, feedMmPerMin: 9000, rpm: null, topCutZMm: -3, maxStepDownMm: 3 }],
      }),
    )[0]!;
    expect(high.status).toBe("high");
    expect(feedWarning(high)).toMatch(
      /above the 0.1524-0.2032 mm recommended for Wood \(soft\); the bit may break/,
    );
  });

  it("uses the flute count: one flute doubles the chipload", () => {
    const input = softwoodInput();
    const [single] = checkFeeds({ ...input, mappedTools: [{ ...input.mappedTools[0]!, flutes: 1 }] });
    expect(single!.chiploadMm).toBeCloseTo(0.3333, 4);
  });

  it("applies the depth rule to the deepest single pass", () => {
    const deep = softwoodInput({
      toolFeeds: [{ tool: 1, feedMmPerMin: 6000, rpm: null, topCutZMm: -13, maxStepDownMm: 2 }],
    });
    const [check] = checkFeeds(deep);
    expect(check).toMatchObject({ depthOfCutMm: 13, depthFactor: 0.75 });
    expect(feedWarning({ ...check!, status: "high" })).toMatch(/reduced 25% for a 13 mm depth of cut/);
  });

  it("uses the file's S when the job has no spindle speed", () => {
    const [check] = checkFeeds(softwoodInput({ spindleSpeed: null }));
    expect(check!.rpm).toBe(18000);
  });

  it("skips lasers, V bits, unknown materials and tables that do not pair with the file's tools", () => {
    expect(checkFeeds(softwoodInput({ isLaser: true }))).toEqual([]);
    expect(checkFeeds(softwoodInput({ material: "Leather" }))).toEqual([]);
    const input = softwoodInput();
    expect(checkFeeds({ ...input, mappedTools: [{ ...input.mappedTools[0]!, toolType: "V Bit" }] })).toEqual(
      [],
    );
    expect(checkFeeds({ ...input, mappedTools: [...input.mappedTools, ...input.mappedTools] })).toEqual([]);
  });

  it("is part of the pre-flight report, its verdicts among the warnings", () => {
    const input = softwoodInput({
      toolFeeds: [{ tool: 1, feedMmPerMin: 1000, rpm: 18000, topCutZMm: -3, maxStepDownMm: 3 }],
    });
    const report = buildPreflightReport({
      analysis: {
        units: "mm",
        cutBounds: { min: [0, 0, -3], max: [10, 10, 0] },
        tools: [1],
        isLaser: false,
        spindleSpeeds: [18000],
        toolFeeds: input.toolFeeds,
      },
      head: null,
      job: {
        units: "Inches",
        jobType: "Single Sided",
        zZeroPosition: "Material Surface",
        width: 10,
        height: 10,
        thickness: 0.75,
        diameter: null,
        length: null,
      },
      mappedTools: input.mappedTools,
      feeds: { mappedTools: input.mappedTools, material: input.material, spindleSpeed: input.spindleSpeed },
    });
    expect(report.version).toBe(2);
    expect(report.feeds).toHaveLength(1);
    expect(report.warnings.some((warning) => warning.startsWith("Chipload too low"))).toBe(true);
  });
});
