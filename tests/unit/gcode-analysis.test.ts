import { describe, expect, it } from "vitest";
import {
  colorSegments,
  LASER_FULL,
  LASER_LOW,
  LASER_OFF,
  RAPID_COLOR,
  TOOL_COLORS,
} from "@/components/gcode-viewer/colors";
import { analyseGcodeBytes, analyseGcodeStream, isGcodeFileName } from "@/lib/gcode/analysis";
import { fitJobToArea, jobSizeMm } from "@/lib/gcode/machine-fit";
import { parseGcode } from "@/lib/gcode/parser";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

// A 100 x 50 mm pocket, 3 mm deep, retracting to Z5: cut box 100 x 50 x 8 (plunge from Z5).
const POCKET = "G21 G90\nG0 Z5\nG0 X0 Y0\nG1 Z-3 F300\nG1 X100\nG1 Y50\nG1 X0\nG1 Y0\nG0 Z5\nM30\n";

describe("stored G-code analysis", () => {
  it("keeps the statistics, rounded, and is the same streamed in small chunks", async () => {
    const analysis = analyseGcodeBytes(encode(POCKET));
    expect(analysis).toMatchObject({
      units: "mm",
      lineCount: 10,
      segmentCount: 7,
      cutBounds: { min: [0, 0, -3], max: [100, 50, 5] },
      bounds: { min: [0, 0, -3], max: [100, 50, 5] },
      cutDistance: 308,
      minCutZ: -3,
      isLaser: false,
      // G0 X0 Y0 does not move (already there): no segment.
      moves: { rapid: 2, linear: 5, arc: 0 },
    });
    // 308 mm at 300 mm/min, plus 5 + 8 mm of rapids at 5000 mm/min.
    const rapid = 5 + 8;
    expect(analysis!.estimatedSeconds).toBe(Math.round((308 / 300 + rapid / 5000) * 60));

    const bytes = encode(POCKET);
    async function* chunks(): AsyncIterable<Uint8Array> {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    expect(await analyseGcodeStream(chunks())).toEqual(analysis);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    expect(await analyseGcodeStream(stream)).toEqual(analysis);
  });

  it("has nothing to store for a program without moves", () => {
    expect(analyseGcodeBytes(encode("(just a comment)\nM3 S1000\nM5\n"))).toBeNull();
  });

  it("recognises G-code file names", () => {
    expect(["a.gcode", "B.NC", "c.ngc", "d.tap"].map(isGcodeFileName)).toEqual([true, true, true, true]);
    expect(["a.png", "gcode", "a.nc.zip"].map(isGcodeFileName)).toEqual([false, false, false]);
  });
});

describe("machine fit", () => {
  const job = analyseGcodeBytes(encode(POCKET))!;

  it("measures the cut area in mm and the Z travel the program uses", () => {
    expect(jobSizeMm(job)).toEqual({ x: 100, y: 50, z: 8 });
    const inch = analyseGcodeBytes(encode("G20 G90\nG0 Z0.5\nG1 Z-0.1 F10\nG1 X4 Y2\n"))!;
    const size = jobSizeMm(inch);
    expect(size.x).toBeCloseTo(101.6, 6);
    expect(size.y).toBeCloseTo(50.8, 6);
    expect(size.z).toBeCloseTo(15.24, 6);
  });

  it("says fits, fits only rotated, or too large with the axes", () => {
    expect(fitJobToArea(job, { x: 816, y: 816, z: 133 })).toMatchObject({
      verdict: "fits",
      fits: true,
      tooLargeOn: [],
      zChecked: true,
    });
    expect(fitJobToArea(job, { x: 60, y: 120, z: 100 })).toMatchObject({
      verdict: "fitsRotated",
      fits: false,
      tooLargeOn: ["X"],
    });
    expect(fitJobToArea(job, { x: 90, y: 40, z: 5 })).toMatchObject({
      verdict: "tooLarge",
      tooLargeOn: ["X", "Y", "Z"],
    });
    // Exactly the work area fits (within rounding slack).
    expect(fitJobToArea(job, { x: 100, y: 50, z: 8 }).fits).toBe(true);
  });

  it("does not compare Z without a figure, nor for a laser", () => {
    expect(fitJobToArea(job, { x: 200, y: 200, z: null })).toMatchObject({ fits: true, zChecked: false });
    const laser = analyseGcodeBytes(
      encode("G21 G90\nM4 S0\nG0 Z30\nG1 X10 Y10 S500 F1000\nG1 X20 S0\nM5\n"),
    )!;
    expect(laser.isLaser).toBe(true);
    expect(jobSizeMm(laser).z).toBe(0);
    expect(fitJobToArea(laser, { x: 10, y: 10, z: 1 })).toMatchObject({ fits: true, zChecked: false });
  });
});

describe("viewer colours", () => {
  const rgbAt = (colors: Uint8Array, segment: number): number[] =>
    Array.from(colors.subarray((segment + 1) * 3, (segment + 2) * 3));

  it("draws rapids red and cuts in one colour per tool, with a legend", () => {
    const { stats, toolpath } = parseGcode("G21\nT1 M6\nG0 X1\nG1 X2 F100\nT4 M6\nG1 X3\nG0 X0\n");
    const { colors, legend } = colorSegments({
      ...toolpath!,
      isLaser: stats.isLaser,
      toolsUsed: stats.tools,
    });
    expect(colors.length).toBe((toolpath!.segmentCount + 1) * 3);
    expect(rgbAt(colors, 0)).toEqual([...RAPID_COLOR]);
    expect(rgbAt(colors, 1)).toEqual([...TOOL_COLORS[0]!]);
    expect(rgbAt(colors, 2)).toEqual([...TOOL_COLORS[1]!]);
    expect(rgbAt(colors, 3)).toEqual([...RAPID_COLOR]);
    expect(legend.map((entry) => entry.label)).toEqual(["Rapid (G0)", "Cut, tool T1", "Cut, tool T4"]);
  });

  it("shades laser moves by power, unpowered ones pale", () => {
    const { stats, toolpath } = parseGcode(
      "G21\nM4 S0\nG1 X1 F1000\nG1 X2 S1000\nG1 X3 S500\nG1 X4 S0\nM5\n",
    );
    expect(stats.isLaser).toBe(true);
    const { colors, legend } = colorSegments({
      ...toolpath!,
      isLaser: true,
      toolsUsed: stats.tools,
    });
    expect(rgbAt(colors, 0)).toEqual([...LASER_OFF]);
    expect(rgbAt(colors, 1)).toEqual([...LASER_FULL]);
    const half = LASER_LOW.map((low, i) => Math.trunc(low + (LASER_FULL[i]! - low) * 0.5));
    expect(rgbAt(colors, 2)).toEqual(half);
    expect(rgbAt(colors, 3)).toEqual([...LASER_OFF]);
    expect(legend.map((entry) => entry.label)).toEqual(["Rapid (G0)", "Laser off", "Laser full power"]);
  });
});
