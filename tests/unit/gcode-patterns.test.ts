import { describe, expect, it } from "vitest";
import { toGcodeAnalysis } from "@/lib/gcode/analysis";
import {
  GCODE_ACCEPT_ATTRIBUTE,
  GCODE_UPLOAD_EXTENSIONS,
  GCODE_UPLOAD_TYPE_MESSAGE,
  isGcodeFileName,
  isUploadableGcodeFileName,
} from "@/lib/gcode/file-types";
import { formatLaserPower } from "@/lib/gcode/format";
import { fitJobToArea } from "@/lib/gcode/machine-fit";
import { parseGcode } from "@/lib/gcode/parser";
import { summariseGcode } from "@/lib/gcode/summary";
import { slideKind } from "@/components/project/slides";
import type { PostAttachment } from "@/lib/validation/posts";

/*
 * The patterns real files outside the corpus showed. Each program is small and written
 * by hand; the expected values are derived in the comments, not copied from the parser's output.
 */
const lines = (...text: string[]): string => `${text.join("\n")}\n`;

describe("laser detection", () => {
  // A raster as laser software writes it: M3 S0 once, then the power on every feed move, no M4.
  const RASTER = lines(
    "G21 G90",
    "M3 S0",
    "G0 X0 Y0", // already at X0 Y0: no segment
    "G1X10S100F1000", // seg 0: cut X0->10 at S100
    "G1X20S500", // seg 1: X10->20 at S500
    "G1X30S250", // seg 2: X20->30 at S250
    "G1X40S1000", // seg 3: X30->40 at S1000
    "G0Y2", // seg 4: rapid to X40 Y2
    "G1X30S750", // seg 5: X40->30 at S750
    "M5",
  );

  it("calls a raster with the power carried on every feed move a laser job", () => {
    // S changes on feed-move lines: 0->100, 100->500, 500->250, 250->1000, 1000->750 = 5 (>= 3).
    const { stats, toolpath } = parseGcode(RASTER);
    expect(stats.isLaser).toBe(true);
    expect(stats.laserRule).toBe("powerOnFeeds");
    // Powered moves use S 100..1000; the highest S (1000) is 100 %.
    expect(stats.powerRange).toEqual({ min: 100, max: 1000 });
    // Per segment: 100/1000 = 10 %, 50 %, 25 %, 100 %, the rapid 0, 750/1000 = 75 %.
    expect(Array.from(toolpath!.power)).toEqual([10, 50, 25, 100, 0, 75]);
    // Power is not a spindle speed.
    expect(stats.spindleSpeeds).toEqual([]);
    // Powered moves span X 0..40, Y 0..2 (the last one at Y2), all at Z0.
    expect(stats.cutBounds).toEqual({ min: [0, 0, 0], max: [40, 2, 0] });
  });

  // Vector paths: the laser switched on with M3 S1000 and off with M5 around each path, at one Z.
  const VECTOR = lines(
    "G21 G90",
    "G0 X0 Y0",
    "M3 S1000",
    "G1 X20 F1500", // path 1: (0,0) -> (20,0) -> (20,10)
    "G1 Y10",
    "M5",
    "G0 X30 Y0",
    "M3 S1000",
    "G1 X50", // path 2: (30,0) -> (50,0)
    "M5",
    "G0 X0 Y0",
  );

  it("calls M3/M5 around each path at one Z a laser job", () => {
    // Two paths switched on (each followed by a powered feed), every powered move at Z0.
    const { stats, toolpath } = parseGcode(VECTOR);
    expect(stats.isLaser).toBe(true);
    expect(stats.laserRule).toBe("switchedPerPath");
    // Job size = the powered moves: X 0..50 (path 2 ends at 50), Y 0..10 (path 1 goes to Y10).
    expect(stats.cutBounds).toEqual({ min: [0, 0, 0], max: [50, 10, 0] });
    // One S for every powered move: 100 %; rapids 0.
    const power = Array.from(toolpath!.power);
    const kinds = Array.from(toolpath!.kinds);
    expect(power.filter((_, i) => kinds[i] !== 0)).toEqual([100, 100, 100]);
    expect(power.filter((_, i) => kinds[i] === 0)).toEqual([0, 0]);
    expect(formatLaserPower(stats.powerRange)).toBe("S 1000 (100 %)");
  });

  it("keeps M4 jobs lasers and router jobs endmill jobs", () => {
    expect(parseGcode("M4 S300\nG1 X10 F800\n").stats.laserRule).toBe("M4");
    // A router: S set once on the plunge, two tool changes, the spindle started per tool; the
    // plunges are feed moves, so the powered moves are not at one Z.
    const router = parseGcode(
      lines(
        "T1 M6",
        "S12000 M3",
        "G0 Z5",
        "G1 Z-1 F200 S12000",
        "G1 X10",
        "G0 Z5",
        "M5",
        "T2 M6",
        "S9000 M3",
        "G1 Z-2 F200",
        "G1 Y10",
        "G0 Z5",
        "M5",
      ),
    ).stats;
    expect(router.isLaser).toBe(false);
    expect(router.laserRule).toBeNull();
    expect(router.spindleSpeeds).toEqual([9000, 12000]);
    expect(router.powerRange).toBeNull();
  });

  it("stores the rule and the power range, and the machine fit skips Z for it", () => {
    const analysis = toGcodeAnalysis(parseGcode(RASTER, { collectGeometry: false }).stats)!;
    expect(analysis.isLaser).toBe(true);
    expect(analysis.laserRule).toBe("powerOnFeeds");
    expect(analysis.powerRange).toEqual({ min: 100, max: 1000 });
    // 40 x 2 mm fits a 50 x 50 area; a laser needs no Z travel, so a 0 mm Z figure does not matter.
    const fit = fitJobToArea(analysis, { x: 50, y: 50, z: 0 });
    expect(fit.verdict).toBe("fits");
    expect(fit.zChecked).toBe(false);
  });
});

describe("G-code file names", () => {
  it("reads .gco and .tap everywhere but uploads only the spec's three", () => {
    for (const name of ["engrave.GCO", "part.tap", "a.gcode", "b.nc", "c.ngc", "dir.v2/job.Tap"]) {
      expect(isGcodeFileName(name), name).toBe(true);
    }
    for (const name of ["photo.png", "notes.txt", "gcode", "tap", "archive.gco.zip"]) {
      expect(isGcodeFileName(name), name).toBe(false);
    }
    expect(GCODE_UPLOAD_EXTENSIONS).toEqual([".gcode", ".nc", ".ngc"]);
    expect(isUploadableGcodeFileName("engrave.gco")).toBe(false);
    expect(isUploadableGcodeFileName("part.tap")).toBe(false);
    expect(isUploadableGcodeFileName("PART.NGC")).toBe(true);
    expect(GCODE_UPLOAD_TYPE_MESSAGE).toBe("Upload a valid model (invalid file type)");
    // The viewer's picker offers them.
    expect(GCODE_ACCEPT_ATTRIBUTE.split(",")).toEqual(expect.arrayContaining([".gco", ".tap"]));
  });

  it("shows .gco and .tap attachments as models in the carousel", () => {
    const attachment = (fileName: string): PostAttachment => ({
      _id: "1",
      fileName,
      category: "postMedia",
      resourceType: "other",
      url: null,
      fileSize: 10,
      downloadCount: 0,
      gcodeAnalysis: null,
    });
    expect(slideKind(attachment("cut.gco"))).toBe("model");
    expect(slideKind(attachment("cut.tap"))).toBe("model");
    expect(slideKind(attachment("cut.pdf"))).not.toBe("model");
  });
});

describe("work coordinates", () => {
  // Home, go to X10 Y10, make that point work zero, cut a 100 x 100 square 1 mm deep.
  const WORK_ZERO = lines(
    "G21 G90",
    "$H",
    "G0 X10 Y10 Z0", // machine (10, 10, 0) (homing left the position unknown; drawn from 0,0,0)
    "G10 L20 P1 X0 Y0 Z0", // G54 offset = (10, 10, 0): program X0 Y0 Z0 is machine (10, 10, 0)
    "G1 Z-1 F300", // program (0, 0, -1)
    "G1 X100",
    "G1 Y100",
    "G1 X0",
    "G1 Y0",
    "G0 Z5",
  );

  it("reports the box in the program's frame and keeps the machine extent", () => {
    const { stats, toolpath } = parseGcode(WORK_ZERO);
    expect(stats.workOffset).toEqual([10, 10, 0]);
    // The cut: the plunge from (0,0,0) to (0,0,-1), then the square 0..100 at Z-1.
    expect(stats.cutBounds).toEqual({ min: [0, 0, -1], max: [100, 100, 0] });
    // Everything: the first rapid starts at machine 0,0,0 = program -10,-10,0; the retract is Z5.
    expect(stats.bounds).toEqual({ min: [-10, -10, -1], max: [100, 100, 5] });
    // Machine frame = program frame + (10, 10, 0).
    expect(stats.machineBounds).toEqual({ min: [0, 0, -1], max: [110, 110, 5] });
    // The origin marker is drawn at vertex (0,0,0): vertex 1 (after the rapid) is program X0 Y0 Z0.
    expect(Array.from(toolpath!.vertices.subarray(3, 6))).toEqual([0, 0, 0]);
    // Sizes (and so the machine fit) do not depend on the frame: 100 x 100, Z travel 6.
    const fit = fitJobToArea(toGcodeAnalysis(stats)!, { x: 100, y: 100, z: 6 });
    expect(fit.verdict).toBe("fits");
  });

  it("applies G92 and G55 as offsets of the program's frame", () => {
    // G92 at machine X5 Y5 makes it X0 Y0; the cut X0->10 is machine 5->15.
    const g92 = parseGcode("G0 X5 Y5\nG92 X0 Y0\nG1 X10 F100\n").stats;
    expect(g92.workOffset).toEqual([5, 5, 0]);
    expect(g92.cutBounds).toEqual({ min: [0, 0, 0], max: [10, 0, 0] });
    // G10 L2 sets G55 to machine (20, 30, 0); the program then cuts X0..X5 in G55.
    const g55 = parseGcode("G10 L2 P2 X20 Y30\nG55\nG0 X0 Y0\nG1 X5 F100\n").stats;
    expect(g55.workOffset).toEqual([20, 30, 0]);
    expect(g55.cutBounds).toEqual({ min: [0, 0, 0], max: [5, 0, 0] });
  });
});

describe("arc extents", () => {
  /*
   * One arc per plane with the same numbers: centre at the origin, radius 5 (a 3-4-5 triangle:
   * sqrt(4^2 + 3^2) = 5), from plane point (4, 3) counter-clockwise to (-3, 4).
   * Start angle atan2(3, 4) = 36.87 degrees, end atan2(4, -3) = 126.87 degrees: a 90 degree sweep
   * that crosses 90 degrees, where the arc reaches (0, 5). 0 and 180 degrees are not crossed.
   * So along the plane's first axis the extent is the end points' -3..4, along its second axis
   * 3 (start) .. 5 (apex); the chords alone stop at 5 * sin(86.87 deg) = 4.9925.
   * The plane axes (first, second): G17 (X, Y), G18 (Z, X), G19 (Y, Z).
   */
  it("adds the apex of a G17 arc between its end points", () => {
    // I-4 J-3: centre = start (4, 3) + (-4, -3) = (0, 0).
    const { stats } = parseGcode("G21 G17\nG0 X4 Y3\nG3 X-3 Y4 I-4 J-3 F500\n");
    expect(stats.cutBounds).toEqual({ min: [-3, 3, 0], max: [4, 5, 0] });
  });

  it("adds the apex of a G18 arc between its end points", () => {
    // Plane point (Z, X) = (4, 3): X3 Z4. End (Z, X) = (-3, 4): X4 Z-3. K-4 I-3: centre Z0 X0.
    // The apex (Z, X) = (0, 5): X reaches 5.
    const { stats } = parseGcode("G21 G18\nG0 X3 Z4\nG3 X4 Z-3 I-3 K-4 F500\n");
    expect(stats.cutBounds).toEqual({ min: [3, 0, -3], max: [5, 0, 4] });
  });

  it("adds the apex of a G19 arc between its end points", () => {
    // Plane point (Y, Z) = (4, 3): Y4 Z3. End (Y, Z) = (-3, 4): Y-3 Z4. J-4 K-3: centre Y0 Z0.
    // The apex (Y, Z) = (0, 5): Z reaches 5.
    const { stats } = parseGcode("G21 G19\nG0 Y4 Z3\nG3 Y-3 Z4 J-4 K-3 F500\n");
    expect(stats.cutBounds).toEqual({ min: [0, -3, 3], max: [0, 4, 5] });
  });

  it("adds every quadrant of a full circle and none of a short arc", () => {
    // Full circle about (10, 0) from (15, 0): X 5..15, Y -5..5.
    const circle = parseGcode("G0 X15 Y0\nG2 X15 Y0 I-5 J0 F100\n").stats;
    expect(circle.cutBounds).toEqual({ min: [5, -5, 0], max: [15, 5, 0] });
    // From (4, 3) at 36.87 degrees to (3, 4) at 53.13 degrees about the origin: G3 goes the short
    // way (16.26 degrees) through no quadrant point; G2 goes the long way (343.74 degrees, down
    // from 36.87 to -306.87) through 0, -90, -180 and -270 (= 90) degrees: all four apexes.
    const short = parseGcode("G0 X4 Y3\nG3 X3 Y4 I-4 J-3 F100\n").stats;
    expect(short.cutBounds).toEqual({ min: [3, 3, 0], max: [4, 4, 0] });
    const long = parseGcode("G0 X4 Y3\nG2 X3 Y4 I-4 J-3 F100\n").stats;
    expect(long.cutBounds).toEqual({ min: [-5, -5, 0], max: [5, 5, 0] });
  });
});

describe("summary for other callers", () => {
  it("gives bounds in the program frame, units, tools, laser, power and run-time inputs", () => {
    // Inch program: G10 L20 makes (1, 1) work zero; a 2 x 1 in cut at F20 in/min.
    const summary = summariseGcode(
      "G20 G90\nG0 X1 Y1\nG10 L20 P1 X0 Y0\nT2 M6\nS10000 M3\nG1 X2 F20\nG1 Y1\n",
    )!;
    expect(summary.units).toBe("inch");
    const round = (values: number[]): number[] => values.map((v) => Number(v.toFixed(9)) + 0);
    expect(round(summary.cutBounds.min)).toEqual([0, 0, 0]);
    expect(round(summary.cutBounds.max)).toEqual([2, 1, 0]);
    expect(round(summary.workOffset)).toEqual([1, 1, 0]);
    expect(summary.tools).toEqual([2]);
    expect(summary.isLaser).toBe(false);
    expect(summary.power).toBeNull();
    expect(summary.spindleSpeeds).toEqual([10000]);
    // Cut 2 + 1 = 3 in at 20 in/min = 9 s; rapid sqrt(2) in at 5000 mm/min (196.85 in/min).
    expect(summary.runTime.cutDistance).toBeCloseTo(3, 9);
    expect(summary.runTime.feedRange!.min).toBeCloseTo(20, 9);
    expect(summary.runTime.rapidFeed).toBeCloseTo(5000 / 25.4, 9);
    expect(summary.runTime.estimatedSeconds).toBeCloseTo(9 + (Math.SQRT2 / (5000 / 25.4)) * 60, 6);
    expect(summariseGcode("(nothing moves)\nM30\n")).toBeNull();
  });
});
