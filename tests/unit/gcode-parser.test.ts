import { describe, expect, it } from "vitest";
import { GcodeParser, parseGcode } from "@/lib/gcode/parser";
import { SEGMENT_KIND } from "@/lib/gcode/toolpath";

/* Small programs whose results are worked out by hand in the comments. */

const lastVertex = (vertices: Float32Array): number[] => Array.from(vertices.subarray(vertices.length - 3));

describe("G-code parser: words and lines", () => {
  it("reads words without spaces, lower case, N numbers, comments and % lines", () => {
    const { stats, toolpath } = parseGcode(
      "%\nN10 g21 g90 (set up)\nN20G0X10Y5Z2 ; rapid\nn30 g1 z-1 f600\n( a comment line )\nN40 X20\n%\n",
    );
    expect(stats.lineCount).toBe(7);
    expect(stats.unknownWords).toBe(0);
    expect(stats).toMatchObject({ rapidMoves: 1, linearMoves: 2, arcMoves: 0, segmentCount: 3, units: "mm" });
    expect(lastVertex(toolpath!.vertices)).toEqual([20, 5, -1]);
    expect(Array.from(toolpath!.kinds)).toEqual([SEGMENT_KIND.rapid, SEGMENT_KIND.cut, SEGMENT_KIND.cut]);
    // Source lines (0-based) of the three segments.
    expect(Array.from(toolpath!.lines)).toEqual([2, 3, 5]);
    expect(stats.bounds).toEqual({ min: [0, 0, -1], max: [20, 5, 2] });
    expect(stats.cutBounds).toEqual({ min: [10, 5, -1], max: [20, 5, 2] });
    expect(stats.minCutZ).toBe(-1);
    // Cut 3 mm + 10 mm = 13 mm; rapid sqrt(100 + 25 + 4) mm.
    expect(stats.cutDistance).toBeCloseTo(13, 9);
    expect(stats.rapidDistance).toBeCloseTo(Math.sqrt(129), 9);
  });

  it("counts unknown words and keeps going", () => {
    const { stats } = parseGcode("G21\nG1 X1 F100\nM123\nG77\n$X\nQ\nG1 X2\n");
    expect(stats.linearMoves).toBe(2);
    expect(stats.unknownWords).toBe(4);
    expect(stats.unknownWordCounts).toEqual({ M123: 1, G77: 1, $X: 1, Q: 1 });
  });

  it("evaluates LinuxCNC parameters (names in any case) and bracketed expressions", () => {
    const { stats, toolpath } = parseGcode(
      "#<XScale> = 2.0\n#< y scale > = .5\n#5 = 3\nG21 G90\nG0 X[#<xscale>*10.] Y[#<Y_SCALE>+0]\n" +
        "G1 X[#<XSCALE>*[1+2]] Y[#<yscale>*8] Z-[#5/2] F[100*3]\nG1 X[COS[0]*4] Y[2**3-1.5]\nG1 X[#<missing>+1]\n",
    );
    expect(stats.unknownWords).toBe(0);
    // #<y_scale> was never set: 0. #<y scale> is "yscale" (spaces are dropped).
    expect(Array.from(toolpath!.vertices.subarray(3, 6))).toEqual([20, 0, 0]);
    expect(Array.from(toolpath!.vertices.subarray(6, 9))).toEqual([6, 4, -1.5]);
    expect(Array.from(toolpath!.vertices.subarray(9, 12))).toEqual([4, 6.5, -1.5]);
    expect(lastVertex(toolpath!.vertices)).toEqual([1, 6.5, -1.5]);
    expect(stats.linearMoves).toBe(3);
  });

  it("counts an expression that does not evaluate and keeps going", () => {
    const { stats } = parseGcode("G21\nG1 X[1 + FOO[2]] F100\nG1 X2\n");
    expect(stats.unknownWords).toBe(1);
    expect(stats.unknownWordCounts).toEqual({ "X[expr]": 1 });
    expect(stats.linearMoves).toBe(1);
  });

  it("gives the same result whatever the chunk boundaries (CRLF split between chunks)", () => {
    const text = "G21 G90\r\nG0 X1 Y1\r\nG2 X3 Y1 I1 J0 F300\r\nG1 X5\r\n";
    const whole = parseGcode(text);
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 3, 5, 9]) {
      const parser = new GcodeParser();
      for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size));
      const chunked = parser.finish();
      expect(chunked.stats).toEqual(whole.stats);
      expect(Array.from(chunked.toolpath!.vertices)).toEqual(Array.from(whole.toolpath!.vertices));
    }
  });

  it("counts a last line without a newline, and nothing for an empty file", () => {
    expect(parseGcode("G0 X1\nG0 X2").stats.lineCount).toBe(2);
    const empty = parseGcode("");
    expect(empty.stats).toMatchObject({ lineCount: 0, segmentCount: 0, bounds: null, cutBounds: null });
  });
});

describe("G-code parser: modal state", () => {
  it("applies G20/G21 line by line and reports inches when any G20 appears", () => {
    // 1 inch = 25.4 mm, then 10 mm more: x ends at 35.4 mm = 1.3937 in.
    const { stats, toolpath } = parseGcode("G20 G1 X1 F10\nG21 G91 G1 X10\n");
    expect(stats.units).toBe("inch");
    expect(lastVertex(toolpath!.vertices)[0]).toBeCloseTo(35.4 / 25.4, 5);
    expect(stats.cutDistance).toBeCloseTo(35.4 / 25.4, 9);
  });

  it("moves relative in G91 and absolute again in G90", () => {
    const { toolpath } = parseGcode("G91\nG1 X1 Y1 F100\nX1\nG90 X0\n");
    const v = Array.from(toolpath!.vertices);
    expect(v).toEqual([0, 0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 0]);
  });

  it("G92 and G54-G59 offsets shift what follows", () => {
    // Work offset G55 X100 (G10 L2 P2), then G92 makes the current point X0 -> +5 mm shift.
    const { toolpath } = parseGcode("G1 X1 F100\nG10 L2 P2 X100\nG55 G1 X0\nG92 X-5\nG1 X0\n");
    const x = Array.from(toolpath!.vertices).filter((_, i) => i % 3 === 0);
    expect(x).toEqual([0, 1, 100, 105]);
  });

  it("G53 moves in machine coordinates for that line only", () => {
    const { toolpath } = parseGcode("G10 L2 P1 X50\nG1 X0 F100\nG53 G0 X0\nG0 X1\n");
    const x = Array.from(toolpath!.vertices).filter((_, i) => i % 3 === 0);
    // Machine X: 0 (start), 50 (program X0 with the G54 offset 50), 0 (G53 X0), 51 (program X1).
    // Drawn in the program's frame (the offset at the first cut, 50, taken off): -50, 0, -50, 1.
    expect(x).toEqual([-50, 0, -50, 1]);
  });

  it("keeps spindle speeds, tools and the feed for the time estimate", () => {
    // 100 mm at F600 = 10 s; 50 mm rapid at the assumed 5000 mm/min = 0.6 s; G4 P2 = 2 s.
    const { stats } = parseGcode("T3 M6\nS12000 M3\nG1 X100 F600\nG4 P2\nM5\nG0 X150\nT5 M6\nS9000 M3\n");
    expect(stats.tools).toEqual([3, 5]);
    expect(stats.spindleSpeeds).toEqual([9000, 12000]);
    expect(stats.estimatedSeconds).toBeCloseTo(12.6, 6);
    expect(stats.isLaser).toBe(false);
  });

  it("marks an M4 job as a laser and records the power per segment", () => {
    const { stats, toolpath } = parseGcode("M4 S0\nG0 X5\nG1 X10 S255 F1000\nG1 X12 S0\nG1 Y3 S128\nM5\n");
    expect(stats.isLaser).toBe(true);
    expect(stats.maxPower).toBe(255);
    // Power as 0-100 % of the file's highest S (255): 255 -> 100 %, 128 -> 50.196 %.
    const power = Array.from(toolpath!.power);
    expect(power.slice(0, 3)).toEqual([0, 100, 0]);
    expect(power[3]).toBeCloseTo((128 / 255) * 100, 4);
    expect(stats.powerRange).toEqual({ min: 128, max: 255 });
    // Cut box of a laser job: the powered moves only (X5-10 and X12 Y0-3).
    expect(stats.cutBounds).toEqual({ min: [5, 0, 0], max: [12, 3, 0] });
  });

  it("starts the strip where an offset placed the machine, and at the origin without moves", () => {
    expect(Array.from(parseGcode("G92 X5 Y5\nG1 X0 F100\n").toolpath!.vertices)).toEqual([5, 5, 0, 0, 5, 0]);
    expect(Array.from(parseGcode("G92 X5 Y5\n").toolpath!.vertices)).toEqual([0, 0, 0]);
  });

  it("takes the power range from powered cuts only, whole or in small chunks", () => {
    // S900 and S300 are followed by rapids only; the cut after M5 is unpowered.
    const source =
      "M4 S0\nS900\nG0 X5\nS200\nG1 X10 F1000\nS300\nG0 X12\nS400 G1 X14\nM5\nG1 X16\nM3 S400\nG1 X18\n";
    const whole = parseGcode(source);
    expect(whole.stats.powerRange).toEqual({ min: 200, max: 400 });
    expect(whole.stats.maxPower).toBe(900);
    expect(Array.from(whole.toolpath!.power)).toEqual([0, 50, 0, 100, 0, 100]);
    // Without a size hint the parser keeps few power runs at a time and writes them out often.
    const parser = new GcodeParser();
    const bytes = new TextEncoder().encode(source);
    for (let i = 0; i < bytes.length; i += 7) parser.push(bytes.subarray(i, i + 7));
    const chunked = parser.finish();
    expect(chunked.stats).toEqual(whole.stats);
    expect(Array.from(chunked.toolpath!.power)).toEqual([0, 50, 0, 100, 0, 100]);
  });
});

describe("G-code parser: arcs", () => {
  it("draws a G2 half circle from I/J within the chord tolerance", () => {
    // From (0,0) to (20,0) around (10,0), clockwise: over the top, reaching y = 10.
    const { stats, toolpath } = parseGcode("G17 G2 X20 Y0 I10 J0 F100\n", { arcTolerance: 0.01 });
    expect(stats.arcMoves).toBe(1);
    expect(stats.bounds!.max[1]).toBeGreaterThan(10 - 0.01);
    expect(stats.bounds!.max[1]).toBeLessThanOrEqual(10 + 1e-9);
    expect(stats.bounds!.min[1]).toBeCloseTo(0, 9);
    expect(stats.cutDistance).toBeCloseTo(Math.PI * 10, 9);
    const v = toolpath!.vertices;
    for (let i = 0; i < v.length; i += 3) expect(Math.hypot(v[i]! - 10, v[i + 1]!)).toBeCloseTo(10, 4);
    expect(lastVertex(v)).toEqual([20, 0, 0]);
  });

  it("takes the short way for R > 0 and the long way for R < 0", () => {
    // (0,0) -> (10,0) with R5: a half circle either way; with R10 the short arc bulges 1.34 mm.
    const short = parseGcode("G3 X10 Y0 R10 F100\n").stats;
    const long = parseGcode("G3 X10 Y0 R-10 F100\n").stats;
    const sagitta = 10 - Math.sqrt(100 - 25);
    // G3 (counter-clockwise) from left to right passes below the chord; chords stay within 0.02 mm.
    expect(Math.abs(short.bounds!.min[1] + sagitta)).toBeLessThan(0.02);
    // R < 0: the centre moves below the chord and the 300° arc swings down to y = -(20 - sagitta).
    expect(Math.abs(long.bounds!.min[1] + (20 - sagitta))).toBeLessThan(0.02);
  });

  it("uses the G18 (ZX) and G19 (YZ) planes", () => {
    // G18: quarter circle from (0,0,0) to (10,0,10) around (0,0,10), G2 in ZX.
    const zx = parseGcode("G18 G2 X10 Z10 I0 K10 F100\n").stats;
    expect(zx.bounds!.max).toEqual([10, 0, 10]);
    expect(zx.cutDistance).toBeCloseTo((Math.PI * 10) / 2, 6);
    // G19: from (0,0,0) to (0,10,10) around (0,10,0), G2 in YZ: a quarter circle.
    const yz = parseGcode("G19 G2 Y10 Z10 J10 K0 F100\n").stats;
    expect(yz.bounds!.max[1]).toBeCloseTo(10, 9);
    expect(yz.bounds!.max[2]).toBeCloseTo(10, 9);
    expect(yz.cutDistance).toBeCloseTo((Math.PI * 10) / 2, 6);
  });

  it("draws helical arcs (full circles with Z motion) and absolute centres in G90.1", () => {
    // A full circle of radius 5 around (5,0) descending 2 mm.
    const helix = parseGcode("G17 G3 X0 Y0 Z-2 I5 J0 F100\n");
    expect(helix.stats.bounds!.max[0]).toBeCloseTo(10, 2);
    expect(helix.stats.bounds!.min[2]).toBe(-2);
    expect(helix.stats.cutDistance).toBeCloseTo(Math.hypot(2 * Math.PI * 5, 2), 6);
    // G90.1: the centre I0 J0 is the origin, not the start; clockwise from (10,0) passes y = -10.
    const absolute = parseGcode("G0 X10 Y0\nG90.1 G2 X-10 Y0 I0 J0 F100\n").stats;
    expect(Math.abs(absolute.bounds!.min[1] + 10)).toBeLessThan(0.021);
    expect(absolute.bounds!.max[1]).toBeCloseTo(0, 9);
  });

  it("continues modal arc lines without a G word", () => {
    const { stats } = parseGcode("G2 X10 Y0 R5 F100\nX20 Y0 R5\n");
    expect(stats.arcMoves).toBe(2);
  });
});

describe("G-code parser: statistics only", () => {
  it("can skip the geometry and still compute the statistics", () => {
    const text = "G21\nG0 X1\nG1 X2 Y2 F100\nG2 X4 Y2 I1 J0\n";
    const full = parseGcode(text);
    const statsOnly = parseGcode(text, { collectGeometry: false });
    expect(statsOnly.toolpath).toBeNull();
    expect(statsOnly.stats).toEqual(full.stats);
  });
});
