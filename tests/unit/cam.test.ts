import { describe, expect, it } from "vitest";
import { generateProgram, programFileName } from "@/lib/gcode/cam/generate";
import type { DesignRecipe } from "@/lib/gcode/cam/recipe";
import { SEGMENT_KIND, type Toolpath } from "@/lib/gcode/toolpath";
import { toolpathBounds, type Bounds3 } from "@/lib/gcode/toolpath-builder";

type Units = DesignRecipe["units"];
type ProfileShape = Extract<DesignRecipe, { kind: "profile" }>["shape"];

const MM = 25.4;
/** Sizes below are written in mm; inch recipes use the same parts converted and rounded. */
const size = (mm: number, units: Units): number =>
  units === "mm" ? mm : Math.round((mm / MM) * 1000) / 1000;
const toolFor = (units: Units): number => (units === "mm" ? 6.35 : 0.25);

function pocket(units: Units, shape: "rectangle" | "circle"): DesignRecipe {
  return {
    kind: "pocket",
    units,
    shape,
    width: size(shape === "circle" ? 100 : 160, units),
    height: size(100, units),
    depth: size(12, units),
    toolDiameter: toolFor(units),
    stepoverRatio: 0.4,
  };
}

function profile(units: Units, shape: ProfileShape, tabs = true): DesignRecipe {
  return {
    kind: "profile",
    units,
    shape,
    width: size(shape === "circle" ? 120 : 150, units),
    height: size(120, units),
    depth: size(12, units),
    toolDiameter: toolFor(units),
    tabs,
  };
}

function vcarve(units: Units, border: boolean): DesignRecipe {
  return {
    kind: "vcarve-text",
    units,
    text: "Hello Maker!",
    letterHeight: size(40, units),
    depth: size(3, units),
    border,
  };
}

function laser(units: Units, mode: "text" | "raster-shape"): DesignRecipe {
  return {
    kind: "laser-engrave",
    units,
    mode,
    text: mode === "text" ? "Onefinity 2024" : "BREW",
    width: size(120, units),
    height: size(mode === "text" ? 30 : 80, units),
    power: 60,
  };
}

const SHAPES: ProfileShape[] = ["rounded-rectangle", "circle", "star", "heart", "hexagon"];
const cases: Array<{ name: string; recipe: DesignRecipe }> = (["mm", "inch"] as const).flatMap((units) => [
  { name: `pocket rectangle ${units}`, recipe: pocket(units, "rectangle") },
  { name: `pocket circle ${units}`, recipe: pocket(units, "circle") },
  ...SHAPES.map((shape) => ({ name: `profile ${shape} ${units}`, recipe: profile(units, shape) })),
  { name: `vcarve-text ${units}`, recipe: vcarve(units, false) },
  { name: `vcarve-text with border ${units}`, recipe: vcarve(units, true) },
  { name: `laser text ${units}`, recipe: laser(units, "text") },
  { name: `laser raster ${units}`, recipe: laser(units, "raster-shape") },
]);

// ---------------------------------------------------------------------------------------------
// A small reference interpreter, independent of the generator: G0/G1/G2/G3 in absolute mode,
// I/J arc centres relative to the start, G20/G21. Results are in millimetres.

interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

interface Interpretation {
  bounds: Box;
  cutBounds: Box;
  cutLength: number;
  problems: string[];
  /** Motion lines in order, with the modal state they ran under. */
  moves: Array<{
    motion: number;
    from: [number, number, number];
    to: [number, number, number];
    s: number;
    feed: number | null;
  }>;
}

const emptyBox = (): Box => ({ min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] });

function include(box: Box, p: readonly number[]): void {
  for (let k = 0; k < 3; k++) {
    box.min[k] = Math.min(box.min[k] ?? Infinity, p[k] ?? 0);
    box.max[k] = Math.max(box.max[k] ?? -Infinity, p[k] ?? 0);
  }
}

function interpret(gcode: string): Interpretation {
  const result: Interpretation = {
    bounds: emptyBox(),
    cutBounds: emptyBox(),
    cutLength: 0,
    problems: [],
    moves: [],
  };
  let scale = Number.NaN;
  let position: [number, number, number] = [Number.NaN, Number.NaN, 0];
  let motion: number | null = null;
  let feed: number | null = null;
  let s = 0;
  for (const [index, raw] of gcode.split("\n").entries()) {
    const line = raw
      .replace(/\([^)]*\)/g, "")
      .replace(/;.*$/, "")
      .trim();
    if (!line) continue;
    const words = new Map<string, number>();
    for (const match of line.matchAll(/([A-Z])(-?\d+(?:\.\d+)?)/g)) {
      const letter = match[1] ?? "";
      const value = Number(match[2]);
      if (letter === "G") {
        if (value === 20) scale = MM;
        else if (value === 21) scale = 1;
        else if (value >= 0 && value <= 3) motion = value;
        else if (value === 91) result.problems.push(`line ${index + 1}: incremental mode`);
      } else {
        words.set(letter, value);
      }
    }
    if (words.has("F")) feed = words.get("F") ?? null;
    if (words.has("S")) s = words.get("S") ?? 0;
    const hasAxes = words.has("X") || words.has("Y") || words.has("Z");
    if (!hasAxes) continue;
    if (motion === null || Number.isNaN(scale)) {
      result.problems.push(`line ${index + 1}: motion before mode/units`);
      continue;
    }
    const to: [number, number, number] = [
      words.has("X") ? (words.get("X") ?? 0) * scale : position[0],
      words.has("Y") ? (words.get("Y") ?? 0) * scale : position[1],
      words.has("Z") ? (words.get("Z") ?? 0) * scale : position[2],
    ];
    const from = position;
    position = to;
    result.moves.push({ motion, from, to, s, feed });
    if (Number.isNaN(from[0]) || Number.isNaN(from[1])) continue;
    const boxes = motion === 0 ? [result.bounds] : [result.bounds, result.cutBounds];
    for (const box of boxes) {
      include(box, from);
      include(box, to);
    }
    if (motion === 1) result.cutLength += Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
    if (motion === 2 || motion === 3) {
      if (!words.has("I") || !words.has("J")) result.problems.push(`line ${index + 1}: arc without I/J`);
      const cx = from[0] + (words.get("I") ?? 0) * scale;
      const cy = from[1] + (words.get("J") ?? 0) * scale;
      const rs = Math.hypot(from[0] - cx, from[1] - cy);
      const re = Math.hypot(to[0] - cx, to[1] - cy);
      if (Math.abs(rs - re) > 0.005 && Math.abs(rs - re) > 0.001 * rs) {
        result.problems.push(`line ${index + 1}: arc radius mismatch ${rs} vs ${re}`);
      }
      const a0 = Math.atan2(from[1] - cy, from[0] - cx);
      const a1 = Math.atan2(to[1] - cy, to[0] - cx);
      const clockwise = motion === 2;
      const turn = 2 * Math.PI;
      let sweep = clockwise ? a0 - a1 : a1 - a0;
      sweep = ((sweep % turn) + turn) % turn;
      if (sweep < 1e-9) sweep = turn;
      for (let k = -4; k <= 4; k++) {
        const q = (k * Math.PI) / 2;
        const along = (((clockwise ? a0 - q : q - a0) % turn) + turn) % turn;
        if (along <= 0 || along >= sweep) continue;
        const r = rs + ((re - rs) * along) / sweep;
        const point = [cx + r * Math.cos(q), cy + r * Math.sin(q), to[2]];
        include(result.bounds, point);
        include(result.cutBounds, point);
      }
      result.cutLength += (sweep * (rs + re)) / 2;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

const WORD = "[GMTSFXYZIJP]-?\\d+(?:\\.\\d+)?";
const WELL_FORMED = new RegExp(`^(?:|\\([^()]*\\)|; [\\x20-\\x7e]*|${WORD}(?: ${WORD})*)$`);

const codeLines = (gcode: string): string[] =>
  gcode
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("(") && !line.startsWith(";"));

const extent = (bounds: Bounds3 | Box, axis: 0 | 1 | 2): number =>
  (bounds.max[axis] ?? 0) - (bounds.min[axis] ?? 0);

function cutBoundsOf(toolpath: Toolpath): Bounds3 {
  const bounds = toolpathBounds(toolpath, (kind) => kind !== SEGMENT_KIND.rapid);
  if (!bounds) throw new Error("no cutting moves");
  return bounds;
}

describe("generateProgram", () => {
  describe.each(cases)("$name", ({ recipe }) => {
    const started = performance.now();
    const program = generateProgram(recipe, { title: "Test (sample) project", seed: 42 });
    const elapsed = performance.now() - started;
    const lines = program.gcode.split("\n");
    const code = codeLines(program.gcode);
    const isLaser = recipe.kind === "laser-engrave";

    it("writes only well-formed lines", () => {
      const bad = lines.filter((line) => !WELL_FORMED.test(line));
      expect(bad).toEqual([]);
    });

    it("sets absolute mode and units before moving, and ends with M5 then M30", () => {
      const firstMotion = code.findIndex((line) => /^G[0-3]\b/.test(line));
      const preamble = code.slice(0, firstMotion).join(" ");
      expect(preamble).toMatch(/\bG90\b/);
      expect(preamble).toMatch(recipe.units === "mm" ? /\bG21\b/ : /\bG20\b/);
      expect(program.gcode).not.toMatch(recipe.units === "mm" ? /\bG20\b/ : /\bG21\b/);
      expect(code.slice(-2)).toEqual(["M5", "M30"]);
    });

    it("is small and quick to generate", () => {
      expect(program.gcode.length).toBeGreaterThan(500);
      expect(program.gcode.length).toBeLessThan(400_000);
      expect(elapsed).toBeLessThan(1000);
    });

    it("matches a reference interpretation of its own text", () => {
      const reference = interpret(program.gcode);
      expect(reference.problems).toEqual([]);
      const factor = recipe.units === "inch" ? MM : 1;
      const check = (actual: Bounds3, expected: Box): void => {
        for (let axis = 0; axis < 3; axis++) {
          expect((actual.min[axis] ?? 0) * factor).toBeCloseTo(expected.min[axis] ?? 0, 2);
          expect((actual.max[axis] ?? 0) * factor).toBeCloseTo(expected.max[axis] ?? 0, 2);
        }
      };
      check(program.stats.bounds, reference.bounds);
      check(program.stats.cutBounds, reference.cutBounds);
      check(cutBoundsOf(program.toolpath), reference.cutBounds);
      expect(program.stats.cutLength * factor).toBeCloseTo(
        reference.cutLength,
        -Math.log10(reference.cutLength * 0.01),
      );
      expect(program.stats.bounds).toEqual(toolpathBounds(program.toolpath));
    });

    it("keeps every feed move fed and never rapids sideways inside the material", () => {
      const { moves } = interpret(program.gcode);
      expect(moves.filter((move) => move.motion !== 0 && move.feed === null)).toEqual([]);
      const isSideways = (move: (typeof moves)[number]): boolean =>
        move.to[0] !== move.from[0] || move.to[1] !== move.from[1];
      const buriedRapids = moves.filter(
        (move) => move.motion === 0 && isSideways(move) && Math.min(move.from[2], move.to[2]) < 0,
      );
      expect(buriedRapids).toEqual([]);
    });

    it("keeps the work in the positive quadrant from the lower-left origin", () => {
      const bounds = program.stats.cutBounds;
      expect(bounds.min[0]).toBeGreaterThanOrEqual(0);
      expect(bounds.min[1]).toBeGreaterThanOrEqual(0);
    });

    if (isLaser) {
      it("drives the laser with M4 and S words, lasers off on rapids, and never moves Z", () => {
        expect(code).toContain("M4 S0");
        expect(program.gcode).not.toMatch(/\bM3\b/);
        expect(program.gcode).not.toMatch(/^[^;(]*Z/m);
        expect(code.some((line) => /^G1 .*S[1-9]\d*/.test(line))).toBe(true);
        expect(program.gcode).toMatch(/; Focus:/);
        const { moves } = interpret(program.gcode);
        expect(moves.filter((move) => move.to[2] !== 0)).toEqual([]);
        expect(moves.filter((move) => move.motion === 0 && move.s !== 0)).toEqual([]);
        expect(Array.from(program.toolpath.power).some((p) => p > 0)).toBe(true);
      });
    } else {
      it("changes tool, starts the spindle, retracts to safe Z and cuts down to -depth", () => {
        expect(code).toContain("T1 M6");
        expect(code).toContain("M3 S18000");
        expect(code).toContain(recipe.units === "mm" ? "G0 Z5" : "G0 Z0.2");
        expect(code.indexOf("M3 S18000")).toBeLessThan(code.findIndex((line) => line.startsWith("G1")));
        const depth = "depth" in recipe ? recipe.depth : 0;
        expect(program.stats.cutBounds.min[2]).toBeCloseTo(-depth, 4);
        expect(cutBoundsOf(program.toolpath).min[2]).toBeCloseTo(-depth, 4);
        // Rapids drop only into space already cut; new depth is reached at the slower plunge feed.
        const { moves } = interpret(program.gcode);
        let deepest = 0;
        for (const move of moves) {
          if (move.motion === 0 && move.to[2] < 0) expect(move.to[2]).toBeGreaterThan(deepest);
          deepest = Math.min(deepest, move.to[2]);
        }
        const isPlunge = (m: (typeof moves)[number]): boolean =>
          m.motion === 1 && m.to[2] < m.from[2] && m.to[0] === m.from[0] && m.to[1] === m.from[1];
        const plungeFeeds = moves.filter(isPlunge).map((m) => m.feed ?? 0);
        const cuttingFeeds = moves
          .filter((m) => m.motion !== 0 && !isPlunge(m) && m.to[2] === m.from[2])
          .map((m) => m.feed ?? 0);
        expect(plungeFeeds.length).toBeGreaterThan(0);
        expect(Math.max(...plungeFeeds)).toBeLessThan(Math.min(...cuttingFeeds));
      });
    }
  });

  describe("sizes", () => {
    it.each(["mm", "inch"] as const)("pocket clearing reaches the requested walls (%s)", (units) => {
      for (const shape of ["rectangle", "circle"] as const) {
        const recipe = pocket(units, shape);
        if (recipe.kind !== "pocket") throw new Error("unreachable");
        const bounds = cutBoundsOf(generateProgram(recipe, { title: "p" }).toolpath);
        const tool = recipe.toolDiameter;
        const width = shape === "circle" ? Math.min(recipe.width, recipe.height) : recipe.width;
        const height = shape === "circle" ? width : recipe.height;
        // The tool centre stays one radius inside the walls.
        expect(extent(bounds, 0) + tool).toBeCloseTo(width, 3);
        expect(extent(bounds, 1) + tool).toBeCloseTo(height, 3);
      }
    });

    it.each(["mm", "inch"] as const)("profiles run one tool radius outside the shape (%s)", (units) => {
      for (const shape of SHAPES) {
        const recipe = profile(units, shape);
        if (recipe.kind !== "profile") throw new Error("unreachable");
        const bounds = cutBoundsOf(generateProgram(recipe, { title: "p" }).toolpath);
        const width = shape === "circle" ? Math.min(recipe.width, recipe.height) : recipe.width;
        const height = shape === "circle" ? width : recipe.height;
        // Within the rounding of the written coordinates (3 decimals in mm, 4 in inches).
        const digits = units === "mm" ? 2 : 3;
        expect(extent(bounds, 0) - recipe.toolDiameter, shape).toBeCloseTo(width, digits);
        expect(extent(bounds, 1) - recipe.toolDiameter, shape).toBeCloseTo(height, digits);
      }
    });

    it.each(["mm", "inch"] as const)("v-carved capitals are letterHeight tall (%s)", (units) => {
      const recipe = vcarve(units, false);
      if (recipe.kind !== "vcarve-text") throw new Error("unreachable");
      const plain = cutBoundsOf(generateProgram(recipe, { title: "v" }).toolpath);
      expect(extent(plain, 1)).toBeCloseTo(recipe.letterHeight, 3);
      expect(extent(plain, 0)).toBeGreaterThan(recipe.letterHeight * 5);
      const framed = cutBoundsOf(generateProgram({ ...recipe, border: true }, { title: "v" }).toolpath);
      expect(framed.min[0]).toBeLessThan(plain.min[0]);
      expect(framed.max[1]).toBeGreaterThan(plain.max[1]);
    });

    it.each(["mm", "inch"] as const)("laser work fills the requested box (%s)", (units) => {
      const text = laser(units, "text");
      if (text.kind !== "laser-engrave") throw new Error("unreachable");
      const textBounds = cutBoundsOf(generateProgram(text, { title: "l" }).toolpath);
      const fill = Math.max(extent(textBounds, 0) / text.width, extent(textBounds, 1) / text.height);
      expect(fill).toBeCloseTo(1, 3);
      expect(textBounds.max[0]).toBeLessThanOrEqual(text.width + 1e-3);
      expect(textBounds.max[1]).toBeLessThanOrEqual(text.height + 1e-3);

      const raster = laser(units, "raster-shape");
      if (raster.kind !== "laser-engrave") throw new Error("unreachable");
      const rasterBounds = cutBoundsOf(generateProgram(raster, { title: "l" }).toolpath);
      const tolerance = raster.height / 100;
      expect(Math.abs(extent(rasterBounds, 0) - raster.width)).toBeLessThan(tolerance);
      expect(Math.abs(extent(rasterBounds, 1) - raster.height)).toBeLessThan(tolerance);
    });
  });

  describe("cutting strategy", () => {
    it("writes circles, rounded corners and borders as G2/G3 arcs with I and J", () => {
      const arcRecipes = [
        pocket("mm", "circle"),
        ...SHAPES.map((shape) => profile("inch", shape)),
        vcarve("mm", true),
      ];
      for (const recipe of arcRecipes) {
        const arcs = codeLines(generateProgram(recipe, { title: "a" }).gcode).filter((l) =>
          /^G[23] /.test(l),
        );
        expect(arcs.length).toBeGreaterThan(0);
        for (const arc of arcs) expect(arc).toMatch(/^G[23] X-?[\d.]+ Y-?[\d.]+ I-?[\d.]+ J-?[\d.]+/);
      }
      const circle = generateProgram(pocket("mm", "circle"), { title: "a" }).toolpath;
      expect(Array.from(circle.kinds).filter((k) => k === SEGMENT_KIND.arc).length).toBeGreaterThan(100);
    });

    it("steps down in several passes and lifts over holding tabs on the deep pass only when asked", () => {
      const zLevels = (gcode: string): Set<number> =>
        new Set(
          interpret(gcode)
            .moves.filter((m) => m.motion !== 0 && m.to[2] < 0 && m.from[2] === m.to[2])
            .map((m) => m.to[2]),
        );
      const risesWhileCutting = (gcode: string): number =>
        interpret(gcode).moves.filter((m) => m.motion === 1 && m.to[2] > m.from[2] && m.to[2] < 0).length;
      const withTabs = generateProgram(profile("mm", "star", true), { title: "t" }).gcode;
      const withoutTabs = generateProgram(profile("mm", "star", false), { title: "t" }).gcode;
      expect(zLevels(withoutTabs).size).toBeGreaterThanOrEqual(3);
      expect(risesWhileCutting(withoutTabs)).toBe(0);
      expect(risesWhileCutting(withTabs)).toBeGreaterThanOrEqual(3);
      expect(withTabs).toMatch(/\(Tabs: \d+ x/);
    });

    it("finishes a pocket with a pass on the wall after clearing every level", () => {
      const gcode = generateProgram(pocket("mm", "rectangle"), { title: "f" }).gcode;
      expect(gcode.match(/\(Clearing pass/g)?.length).toBeGreaterThanOrEqual(2);
      expect(gcode.indexOf("(Finishing pass")).toBeGreaterThan(gcode.lastIndexOf("(Clearing pass"));
    });

    it("names the V-bit and engraves every stroke at the full depth", () => {
      const recipe = vcarve("mm", false);
      const program = generateProgram(recipe, { title: "v" });
      expect(program.gcode).toContain("60 deg V-bit");
      const cutting = interpret(program.gcode).moves.filter((m) => m.motion === 1 && m.from[2] === m.to[2]);
      expect(cutting.length).toBeGreaterThan(50);
      for (const move of cutting) expect(move.to[2]).toBe(-3);
    });

    it("rasters a shape with alternating scan directions and varying power", () => {
      const { moves } = interpret(generateProgram(laser("mm", "raster-shape"), { title: "r" }).gcode);
      const burns = moves.filter((m) => m.motion === 1 && m.s > 0);
      expect(new Set(burns.map((m) => m.s)).size).toBeGreaterThan(8);
      const directions = new Set(burns.map((m) => Math.sign(m.to[0] - m.from[0])));
      expect(directions).toEqual(new Set([1, -1]));
      expect(burns.every((m) => m.from[1] === m.to[1])).toBe(true);
    });
  });

  it("is deterministic for a recipe and seed; the seed only changes the header date", () => {
    for (const { recipe } of cases) {
      const a = generateProgram(recipe, { title: "Same", seed: 7 });
      const b = generateProgram(recipe, { title: "Same", seed: 7 });
      const c = generateProgram(recipe, { title: "Same", seed: 8 });
      expect(b.gcode).toBe(a.gcode);
      expect(Buffer.from(b.toolpath.positions.buffer).equals(Buffer.from(a.toolpath.positions.buffer))).toBe(
        true,
      );
      expect(codeLines(c.gcode)).toEqual(codeLines(a.gcode));
    }
  });

  it("puts the title in a safe comment and suggests a file name", () => {
    const recipe = profile("mm", "heart");
    const program = generateProgram(recipe, { title: "Mom's (big) Heart – ♥" });
    expect(program.gcode.split("\n")[0]).toBe("(Mom's [big] Heart -)");
    expect(programFileName("Mom's (big) Heart – ♥", recipe)).toBe("mom-s-big-heart.nc");
    expect(programFileName("Laser tag", laser("mm", "text"))).toBe("laser-tag.gcode");
  });
});
