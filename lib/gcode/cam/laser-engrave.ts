import { vec, type Vec2 } from "./geometry";
import { fromMm, laserSettings, type LaserSettings } from "./machining";
import type { DesignRecipe } from "./recipe";
import type { ProgramInfo } from "./router";
import { layoutText, normalizeEngravingText, placeStrokes } from "./stroke-font";
import { GcodeWriter } from "./writer";

type LaserRecipe = Extract<DesignRecipe, { kind: "laser-engrave" }>;

const MAX_RASTER_LINES = 360;
const MAX_RASTER_SAMPLES = 480;
const POWER_STEPS = 32;

/** `power` is a percentage (0-100); values up to 1 are read as a fraction. */
export function laserPowerFraction(power: number): number {
  const fraction = power <= 1 ? power : power / 100;
  return Math.min(1, Math.max(0.01, fraction));
}

/** One program's writer, settings, recipe and text, and its top power. */
type LaserPass = {
  w: GcodeWriter;
  settings: LaserSettings;
  recipe: LaserRecipe;
  text: string;
  maxS: number;
};

/** A LightBurn/gSender-style GRBL laser program: M4 dynamic power, S on the moves, no Z. */
export function generateLaserEngrave(
  recipe: LaserRecipe,
  info: Omit<ProgramInfo, "material" | "operations">,
): GcodeWriter {
  const settings = laserSettings(recipe.units);
  const maxS = Math.round(settings.maxS * laserPowerFraction(recipe.power));
  const text = normalizeEngravingText(recipe.text);
  const u = recipe.units === "mm" ? "mm" : "in";
  const fmt = (value: number): string => Number(value.toFixed(recipe.units === "mm" ? 2 : 3)).toString();

  const w = new GcodeWriter({ units: recipe.units, commentStyle: "semicolon" });
  w.comment(info.title);
  w.comment("Post: GRBL laser mode ($32=1), LightBurn / gSender style");
  w.comment(`Created: ${info.created}`);
  w.comment(`Units: ${recipe.units === "mm" ? "millimetres" : "inches"}`);
  w.comment(`Design: ${fmt(recipe.width)} x ${fmt(recipe.height)} ${u}, origin lower left`);
  w.comment("Focus: set the laser focus height on the material surface first; this program never moves Z");
  if (recipe.mode === "text") {
    w.comment(
      `Vector engrave text "${text.replace(/\n/g, " / ")}" at ${settings.vectorFeed} ${settings.feedLabel}, S${maxS} of S${settings.maxS}`,
    );
  } else {
    w.comment(
      `Raster fill: ellipse, bidirectional scan at ${settings.rasterFeed} ${settings.feedLabel}, power up to S${maxS} of S${settings.maxS}`,
    );
  }
  w.blank();
  w.code("G90 G94 G17");
  w.code(recipe.units === "mm" ? "G21" : "G20");
  w.setLaser("M4", 0);

  const pass: LaserPass = { w, settings, recipe, text, maxS };
  if (recipe.mode === "text") engraveText(pass);
  else rasterEllipse(pass);

  w.rapid({ x: 0, y: 0 }, { laserOff: true });
  w.code("M5");
  w.code("M30");
  return w;
}

function engraveText({ w, settings, recipe, text, maxS }: LaserPass): void {
  const layout = layoutText(text, 1);
  const textWidth = layout.max.x - layout.min.x;
  const textHeight = layout.max.y - layout.min.y;
  if (textWidth <= 0 && textHeight <= 0) return;
  const factor = Math.min(
    textWidth > 0 ? recipe.width / textWidth : Infinity,
    textHeight > 0 ? recipe.height / textHeight : Infinity,
  );
  const origin = vec((recipe.width - textWidth * factor) / 2, (recipe.height - textHeight * factor) / 2);
  for (const stroke of placeStrokes(layout, origin, factor)) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    const here = w.position;
    if (w.round(first.x) !== here.x || w.round(first.y) !== here.y) {
      w.rapid({ x: first.x, y: first.y }, { laserOff: true });
    }
    for (const point of rest) w.feedTo({ x: point.x, y: point.y }, settings.vectorFeed, maxS);
  }
}

/**
 * Fills the ellipse inscribed in the design box with horizontal scan lines, alternating direction,
 * the power shading it like a sphere lit from the upper left. Text, if any, is left unburnt.
 */
function rasterEllipse({ w, settings, recipe, text, maxS }: LaserPass): void {
  const { width, height } = recipe;
  const lineInterval = rasterLineInterval(recipe);
  const lineCount = Math.round(height / lineInterval);
  const sampleCount = Math.max(1, Math.min(MAX_RASTER_SAMPLES, Math.round(width / settings.sampleInterval)));
  const sampleInterval = width / sampleCount;
  const cx = width / 2;
  const cy = height / 2;
  const light = normalize3(-0.45, 0.55, 0.7);
  const knockout = text ? textMask(text, width, height, sampleCount, lineCount) : null;

  let isReversed = false;
  for (let j = 0; j < lineCount; j++) {
    const y = (j + 0.5) * lineInterval;
    const v = (y - cy) / (height / 2);
    const halfChord = (width / 2) * Math.sqrt(Math.max(0, 1 - v * v));
    if (halfChord < sampleInterval / 2) continue;
    const left = cx - halfChord;
    const right = cx + halfChord;
    // Runs of equal quantized power between sample-grid lines, clipped to the chord.
    const runs: Array<{ from: number; to: number; s: number }> = [];
    const firstCell = Math.floor(left / sampleInterval);
    const lastCell = Math.min(sampleCount - 1, Math.floor(right / sampleInterval));
    for (let k = firstCell; k <= lastCell; k++) {
      const from = Math.max(left, k * sampleInterval);
      const to = Math.min(right, (k + 1) * sampleInterval);
      if (to <= from) continue;
      const x = (from + to) / 2;
      const isKnockedOut = knockout !== null && knockout[j * sampleCount + k] === 1;
      const s = isKnockedOut ? 0 : Math.round(maxS * shade((x - cx) / (width / 2), v, light));
      const previous = runs[runs.length - 1];
      if (previous && previous.s === s) previous.to = to;
      else runs.push({ from, to, s });
    }
    while (runs[0]?.s === 0) runs.shift();
    while (runs[runs.length - 1]?.s === 0) runs.pop();
    const start = runs[0];
    const end = runs[runs.length - 1];
    if (!start || !end) continue;

    if (isReversed) {
      w.rapid({ x: end.to, y }, { laserOff: true });
      for (let r = runs.length - 1; r >= 0; r--) {
        const run = runs[r] as (typeof runs)[number];
        w.feedTo({ x: run.from }, settings.rasterFeed, run.s);
      }
    } else {
      w.rapid({ x: start.from, y }, { laserOff: true });
      for (const run of runs) w.feedTo({ x: run.to }, settings.rasterFeed, run.s);
    }
    isReversed = !isReversed;
  }
}

/** Scan line spacing: the laser's usual interval, widened so that no program exceeds the line cap. */
export function rasterLineInterval(recipe: Pick<LaserRecipe, "units" | "height">): number {
  const settings = laserSettings(recipe.units);
  const lineCount = Math.max(
    1,
    Math.min(MAX_RASTER_LINES, Math.round(recipe.height / settings.lineInterval)),
  );
  return recipe.height / lineCount;
}

/** Width of the mark a vector pass leaves, for previews. */
export const laserSpotWidth = (units: LaserRecipe["units"]): number => fromMm(0.15, units);

function normalize3(x: number, y: number, z: number): [number, number, number] {
  const length = Math.hypot(x, y, z);
  return [x / length, y / length, z / length];
}

/** Burn fraction at ellipse coordinates (u, v) in [-1, 1]: darker away from the light, quantized. */
function shade(u: number, v: number, light: [number, number, number]): number {
  const nz = Math.sqrt(Math.max(0, 1 - u * u - v * v));
  const lambert = Math.max(0, u * light[0] + v * light[1] + nz * light[2]);
  const burn = 0.12 + 0.88 * Math.pow(1 - lambert, 1.25);
  return Math.round(burn * POWER_STEPS) / POWER_STEPS;
}

/** Cells (sample x line) covered by the text strokes, drawn thick, centred in the ellipse. */
function textMask(text: string, width: number, height: number, columns: number, rows: number): Uint8Array {
  const mask = new Uint8Array(columns * rows);
  const layout = layoutText(text, 1);
  const textWidth = layout.max.x - layout.min.x;
  const textHeight = layout.max.y - layout.min.y;
  const factor = Math.min(
    textWidth > 0 ? (width * 0.62) / textWidth : Infinity,
    (height * 0.42) / textHeight,
  );
  if (!Number.isFinite(factor)) return mask;
  const origin = vec((width - textWidth * factor) / 2, (height - textHeight * factor) / 2);
  const halfWidth = 0.08 * factor;
  const cellW = width / columns;
  const cellH = height / rows;
  for (const stroke of placeStrokes(layout, origin, factor)) {
    for (let i = 0; i + 1 < stroke.length; i++) {
      stampSegment(stroke[i] as Vec2, stroke[i + 1] as Vec2);
    }
  }
  return mask;

  function stampSegment(a: Vec2, b: Vec2): void {
    const k0 = Math.max(0, Math.floor((Math.min(a.x, b.x) - halfWidth) / cellW));
    const k1 = Math.min(columns - 1, Math.floor((Math.max(a.x, b.x) + halfWidth) / cellW));
    const j0 = Math.max(0, Math.floor((Math.min(a.y, b.y) - halfWidth) / cellH));
    const j1 = Math.min(rows - 1, Math.floor((Math.max(a.y, b.y) + halfWidth) / cellH));
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    for (let j = j0; j <= j1; j++) {
      const py = (j + 0.5) * cellH;
      for (let k = k0; k <= k1; k++) {
        const px = (k + 0.5) * cellW;
        const t =
          lengthSquared > 0
            ? Math.min(1, Math.max(0, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared))
            : 0;
        if (Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy)) <= halfWidth) mask[j * columns + k] = 1;
      }
    }
  }
}
