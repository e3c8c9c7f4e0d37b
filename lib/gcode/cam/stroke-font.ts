import { dist, lerp, vec, type Vec2 } from "./geometry";

/**
 * A single-stroke font for engraving: each glyph is a few polylines on a grid 6 units tall (cap
 * height, baseline at 0). Strokes are separated by `|`; a stroke starting with `~` is smoothed into
 * a curve (Chaikin corner cutting, end points kept), which gives round letters from a handful of
 * grid points.
 */
const GLYPHS: Record<string, { width: number; strokes: string }> = {
  A: { width: 4, strokes: "0,0 2,6 4,0 | 0.67,2 3.33,2" },
  B: {
    width: 4,
    strokes: "0,0 0,6 | ~0,6 2.6,6 3.6,5.3 3.6,3.8 2.6,3.1 0,3.1 | ~0,3.1 2.8,3.1 4,2.2 4,0.8 2.8,0 0,0",
  },
  C: { width: 4, strokes: "~4,4.9 3.1,6 0.9,6 0,4.8 0,1.2 0.9,0 3.1,0 4,1.1" },
  D: { width: 4, strokes: "0,0 0,6 | ~0,6 2,6 4,4.4 4,1.6 2,0 0,0" },
  E: { width: 3.6, strokes: "3.6,6 0,6 0,0 3.6,0 | 0,3.1 2.8,3.1" },
  F: { width: 3.6, strokes: "3.6,6 0,6 0,0 | 0,3.1 2.8,3.1" },
  G: { width: 4, strokes: "~4,4.9 3.1,6 0.9,6 0,4.8 0,1.2 0.9,0 3.1,0 4,1.1 4,2.7 | 4,2.7 2.2,2.7" },
  H: { width: 4, strokes: "0,0 0,6 | 4,0 4,6 | 0,3.1 4,3.1" },
  I: { width: 0, strokes: "0,0 0,6" },
  J: { width: 3.4, strokes: "~3.4,6 3.4,1.2 2.5,0 0.9,0 0,1.2" },
  K: { width: 4, strokes: "0,0 0,6 | 4,6 0,2 | 1.5,3.5 4,0" },
  L: { width: 3.4, strokes: "0,6 0,0 3.4,0" },
  M: { width: 5, strokes: "0,0 0,6 2.5,2 5,6 5,0" },
  N: { width: 4, strokes: "0,0 0,6 4,0 4,6" },
  O: { width: 4.4, strokes: "~2.2,0 0.9,0 0,1.3 0,4.7 0.9,6 3.5,6 4.4,4.7 4.4,1.3 3.5,0 2.2,0" },
  P: { width: 4, strokes: "0,0 0,6 | ~0,6 2.7,6 4,5 4,3.7 2.7,2.8 0,2.8" },
  Q: {
    width: 4.4,
    strokes: "~2.2,0 0.9,0 0,1.3 0,4.7 0.9,6 3.5,6 4.4,4.7 4.4,1.3 3.5,0 2.2,0 | 2.6,1.6 4.4,0",
  },
  R: { width: 4, strokes: "0,0 0,6 | ~0,6 2.7,6 4,5 4,3.8 2.7,2.9 0,2.9 | 2,2.9 4,0" },
  S: { width: 4, strokes: "~4,4.9 3.1,6 0.9,6 0,4.9 0,4.1 0.9,3.2 3.1,2.8 4,1.9 4,1.1 3.1,0 0.9,0 0,1.1" },
  T: { width: 4, strokes: "0,6 4,6 | 2,6 2,0" },
  U: { width: 4, strokes: "~0,6 0,1.4 0.9,0 3.1,0 4,1.4 4,6" },
  V: { width: 4.2, strokes: "0,6 2.1,0 4.2,6" },
  W: { width: 5.6, strokes: "0,6 1.4,0 2.8,4.2 4.2,0 5.6,6" },
  X: { width: 4, strokes: "0,0 4,6 | 0,6 4,0" },
  Y: { width: 4, strokes: "0,6 2,3 4,6 | 2,3 2,0" },
  Z: { width: 4, strokes: "0,6 4,6 0,0 4,0" },
  "0": { width: 3.6, strokes: "~1.8,0 0.7,0 0,1.3 0,4.7 0.7,6 2.9,6 3.6,4.7 3.6,1.3 2.9,0 1.8,0" },
  "1": { width: 1.6, strokes: "0,4.6 1.6,6 1.6,0" },
  "2": { width: 3.6, strokes: "~0,4.7 0.8,6 2.8,6 3.6,4.9 3.6,4 0,0 | 0,0 3.6,0" },
  "3": {
    width: 3.6,
    strokes:
      "~0,5 0.8,6 2.8,6 3.6,5.1 3.6,4.1 2.6,3.2 1.2,3.2 | ~1.2,3.2 2.8,3.2 3.6,2.2 3.6,0.9 2.8,0 0.8,0 0,1",
  },
  "4": { width: 3.6, strokes: "2.7,0 2.7,6 0,1.7 3.6,1.7" },
  "5": {
    width: 3.6,
    strokes: "3.4,6 0.4,6 0.2,3.3 | ~0.2,3.3 1,3.8 2.7,3.8 3.6,2.8 3.6,1 2.7,0 0.9,0 0,0.9",
  },
  "6": {
    width: 3.6,
    strokes: "~3.2,6 1.6,6 0.4,4.8 0,3 0,1.1 0.8,0 2.8,0 3.6,1.1 3.6,2.5 2.8,3.6 0.8,3.6 0,2.6",
  },
  "7": { width: 3.6, strokes: "0,6 3.6,6 1.2,0" },
  "8": {
    width: 3.6,
    strokes:
      "~1.8,3.3 0.5,3.9 0.3,5.2 1.1,6 2.5,6 3.3,5.2 3.1,3.9 1.8,3.3 0.5,2.7 0,1.4 0.8,0 2.8,0 3.6,1.4 3.1,2.7 1.8,3.3",
  },
  "9": {
    width: 3.6,
    strokes: "~0.4,0 2,0 3.2,1.2 3.6,3 3.6,4.9 2.8,6 0.8,6 0,4.9 0,3.5 0.8,2.4 2.8,2.4 3.6,3.4",
  },
  " ": { width: 2.4, strokes: "" },
  "-": { width: 2.6, strokes: "0,2.8 2.6,2.8" },
  "+": { width: 3.6, strokes: "0,2.8 3.6,2.8 | 1.8,1 1.8,4.6" },
  ".": { width: 0.6, strokes: "0,0 0.6,0 0.6,0.6 0,0.6 0,0" },
  ",": { width: 0.6, strokes: "0,0.6 0.6,0.6 0.6,0 0,-1" },
  ":": { width: 0.6, strokes: "0,0 0.6,0 0.6,0.6 0,0.6 0,0 | 0,3 0.6,3 0.6,3.6 0,3.6 0,3" },
  "!": { width: 0.6, strokes: "0.3,6 0.3,1.8 | 0,0 0.6,0 0.6,0.6 0,0.6 0,0" },
  "?": {
    width: 3.4,
    strokes: "~0,4.9 0.8,6 2.6,6 3.4,5 3.4,4.1 1.7,2.9 1.7,1.8 | 1.4,0 2,0 2,0.6 1.4,0.6 1.4,0",
  },
  "'": { width: 0.6, strokes: "0.3,6 0.3,4.4" },
  '"': { width: 1.6, strokes: "0.2,6 0.2,4.4 | 1.4,6 1.4,4.4" },
  "/": { width: 3, strokes: "0,0 3,6" },
  "&": {
    width: 4.2,
    strokes: "~4.2,0 1,4.2 0.8,5.2 1.5,6 2.5,6 3.1,5.2 2.9,4.3 0,2.2 0,0.9 1,0 2.3,0 4.2,2.3",
  },
};

export const CAP_HEIGHT_UNITS = 6;
const LETTER_GAP = 1.3;
const LINE_PITCH = 1.6;
const SMOOTHING_PASSES = 3;

interface Glyph {
  width: number;
  strokes: Vec2[][];
}

const glyphCache = new Map<string, Glyph>();

function chaikin(points: Vec2[]): Vec2[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length < 3) return points;
  const out: Vec2[] = [first];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as Vec2;
    const b = points[i + 1] as Vec2;
    if (i > 0) out.push(lerp(a, b, 0.25));
    if (i + 2 < points.length) out.push(lerp(a, b, 0.75));
  }
  out.push(last);
  return out;
}

/** Drops points that lie on the line through their neighbours (the straight parts of smoothed strokes). */
function dropCollinear(points: Vec2[], tolerance: number): Vec2[] {
  if (points.length < 3) return points;
  const out: Vec2[] = [points[0] as Vec2];
  for (let i = 1; i + 1 < points.length; i++) {
    const a = out[out.length - 1] as Vec2;
    const b = points[i] as Vec2;
    const c = points[i + 1] as Vec2;
    const length = dist(a, c);
    const offLine =
      length === 0 ? dist(a, b) : Math.abs((c.x - a.x) * (a.y - b.y) - (a.x - b.x) * (c.y - a.y)) / length;
    if (offLine > tolerance) out.push(b);
  }
  out.push(points[points.length - 1] as Vec2);
  return out;
}

function parseGlyph(definition: { width: number; strokes: string }): Glyph {
  const strokes = definition.strokes
    .split("|")
    .map((stroke) => stroke.trim())
    .filter((stroke) => stroke.length > 0)
    .map((stroke) => {
      const isSmooth = stroke.startsWith("~");
      let points = stroke
        .replace("~", "")
        .trim()
        .split(/\s+/)
        .map((pair) => {
          const [x, y] = pair.split(",").map(Number);
          return vec(x ?? 0, y ?? 0);
        });
      if (isSmooth) for (let pass = 0; pass < SMOOTHING_PASSES; pass++) points = chaikin(points);
      return dropCollinear(points, 0.002);
    });
  return { width: definition.width, strokes };
}

function glyphFor(char: string): Glyph | undefined {
  const cached = glyphCache.get(char);
  if (cached) return cached;
  const definition = GLYPHS[char];
  if (!definition) return undefined;
  const glyph = parseGlyph(definition);
  glyphCache.set(char, glyph);
  return glyph;
}

/** Upper-cases and strips accents; characters the font lacks become spaces. */
export function normalizeEngravingText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .split("\n")
    .map((line) =>
      [...line]
        .map((char) => (GLYPHS[char] ? char : " "))
        .join("")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((line) => line.length > 0)
    .join("\n");
}

export interface TextLayout {
  strokes: Vec2[][];
  /** Bounding box of the strokes. */
  min: Vec2;
  max: Vec2;
}

/**
 * Lays out `text` (lines separated by `\n`, centred on each other) with capitals `letterHeight`
 * tall; the last line's baseline is at y = 0 and the first glyph starts at x = 0.
 */
export function layoutText(text: string, letterHeight: number): TextLayout {
  const unit = letterHeight / CAP_HEIGHT_UNITS;
  const lines = normalizeEngravingText(text).split("\n");
  const widths = lines.map((line) =>
    [...line].reduce((sum, char, i) => sum + (glyphFor(char)?.width ?? 0) + (i > 0 ? LETTER_GAP : 0), 0),
  );
  const widest = Math.max(0, ...widths);
  const strokes: Vec2[][] = [];
  lines.forEach((line, index) => {
    const baseline = (lines.length - 1 - index) * LINE_PITCH * CAP_HEIGHT_UNITS;
    let cursor = (widest - (widths[index] ?? 0)) / 2;
    for (const char of line) {
      const glyph = glyphFor(char);
      if (!glyph) continue;
      for (const stroke of glyph.strokes) {
        strokes.push(stroke.map((p) => vec((cursor + p.x) * unit, (baseline + p.y) * unit)));
      }
      cursor += glyph.width + LETTER_GAP;
    }
  });
  const all = strokes.flat();
  if (all.length === 0) return { strokes, min: vec(0, 0), max: vec(0, 0) };
  return {
    strokes,
    min: vec(Math.min(...all.map((p) => p.x)), Math.min(...all.map((p) => p.y))),
    max: vec(Math.max(...all.map((p) => p.x)), Math.max(...all.map((p) => p.y))),
  };
}

/** Moves and scales laid-out strokes: p -> origin + (p - layout.min) * factor. */
export function placeStrokes(layout: TextLayout, origin: Vec2, factor: number): Vec2[][] {
  return layout.strokes.map((stroke) =>
    stroke.map((p) =>
      vec(origin.x + (p.x - layout.min.x) * factor, origin.y + (p.y - layout.min.y) * factor),
    ),
  );
}

export const SUPPORTED_CHARACTERS = Object.keys(GLYPHS).join("");
