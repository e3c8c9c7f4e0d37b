import sharp from "sharp";
import { GcodeParser } from "./parser";
import { feedParser } from "./feed";
import { SEGMENT_KIND, type Toolpath, toolpathFromStrip } from "./toolpath";

/*
 * Top-view previews of a toolpath (X right, Y up) as SVG, and as PNG/WebP through sharp.
 * Segments are grouped into a handful of <path> elements (one per depth or power shade, one for
 * rapids) and runs of sub-pixel segments are merged, so huge programs stay small and fast.
 * No DOM: this runs in route handlers, the seed script and workers alike.
 */

export interface ToolpathSvgOptions {
  width: number;
  height: number;
  /** CSS colour behind the material; defaults to a light warm grey. */
  background?: string;
  /** Space between the image edge and the material, in pixels. */
  padding?: number;
  /** Draw rapid moves as faint dashed red lines (default true). */
  showRapids?: boolean;
  /** Width of the centre lines in pixels; derived from the image size by default. */
  strokeWidth?: number;
  /**
   * Width of the groove a cut leaves, in toolpath units (generateProgram's `stats.kerfWidth`).
   * When given, cuts are drawn as grooves of that width under thin centre lines, and laser lines
   * at least that wide, so pockets read as cleared areas and rasters as filled.
   */
  kerfWidth?: number;
}

export interface ToolpathThumbnailOptions extends Partial<ToolpathSvgOptions> {
  format: "webp" | "png";
}

/** Centre lines, from the shallowest to the deepest cut. */
const DEPTH_SHADES = gradient("#c39468", "#3f2313", 6);
/** Grooves under the centre lines: freshly cut wood, darker with depth. */
const GROOVE_SHADES = gradient("#e2c49b", "#9a6a40", 6);
/** Laser marks from the lowest to the highest power. */
const POWER_SHADES = gradient("#dcc3a0", "#2e1b0f", 16);
const RAPID_COLOUR = "#d2402f";
const MATERIAL_LIGHT = "#f4e6cc";
const MATERIAL_DARK = "#e8d1a8";
const MATERIAL_EDGE = "#cfb28a";
const GRAIN_COLOUR = "#c9a878";

/** Segments shorter than this (in pixels) are merged into the next one. */
const MIN_STEP_PX = 0.8;

class PathBatch {
  private readonly parts: string[] = [];
  private lastX = Number.NaN;
  private lastY = Number.NaN;
  private penX = Number.NaN;
  private penY = Number.NaN;

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  add(ax: number, ay: number, bx: number, by: number): void {
    const isContinuous = Math.abs(ax - this.penX) < 0.01 && Math.abs(ay - this.penY) < 0.01;
    if (!isContinuous && !(Math.abs(ax - this.lastX) < 0.5 && Math.abs(ay - this.lastY) < 0.5)) {
      this.parts.push(`M${px(ax)} ${px(ay)}`);
      this.lastX = ax;
      this.lastY = ay;
    }
    this.penX = bx;
    this.penY = by;
    if (Math.abs(bx - this.lastX) >= MIN_STEP_PX || Math.abs(by - this.lastY) >= MIN_STEP_PX) {
      this.parts.push(`L${px(bx)} ${px(by)}`);
      this.lastX = bx;
      this.lastY = by;
    }
  }

  data(): string {
    // Drop move-tos that were never followed by a line.
    return this.parts
      .filter((part, i) => !(part.startsWith("M") && this.parts[i + 1]?.startsWith("L") !== true))
      .join("");
  }
}

const px = (value: number): number => Math.round(value * 10) / 10;

function gradient(from: string, to: string, steps: number): string[] {
  const parse = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const a = parse(from);
  const b = parse(to);
  return Array.from({ length: steps }, (_, k) => {
    const t = steps > 1 ? k / (steps - 1) : 1;
    return `#${a
      .map((v, i) =>
        Math.round(v + ((b[i] ?? v) - v) * t)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export function renderToolpathSvg(toolpath: Toolpath, options: ToolpathSvgOptions): string {
  const width = Math.max(1, Math.round(options.width));
  const height = Math.max(1, Math.round(options.height));
  const padding = options.padding ?? Math.round(Math.min(width, height) * 0.06);
  const background = escapeAttribute(options.background ?? "#f3f1ee");
  const showRapids = options.showRapids ?? true;
  const { positions, kinds, power, segmentCount } = toolpath;

  let maxPower = 0;
  for (let i = 0; i < segmentCount; i++) maxPower = Math.max(maxPower, power[i] ?? 0);
  const isLaser = maxPower > 0;
  const isDrawnCut = (i: number): boolean =>
    kinds[i] !== SEGMENT_KIND.rapid && (!isLaser || (power[i] ?? 0) > 0);

  // Extent of what is drawn as cut, and the depth range of the cuts.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let zHigh = -Infinity;
  let zLow = Infinity;
  for (let pass = 0; pass < 2 && minX === Infinity; pass++) {
    for (let i = 0; i < segmentCount; i++) {
      if (pass === 0 && !isDrawnCut(i)) continue;
      const p = i * 6;
      const x0 = positions[p] ?? 0;
      const y0 = positions[p + 1] ?? 0;
      const x1 = positions[p + 3] ?? 0;
      const y1 = positions[p + 4] ?? 0;
      const deeper = Math.min(positions[p + 2] ?? 0, positions[p + 5] ?? 0);
      minX = Math.min(minX, x0, x1);
      maxX = Math.max(maxX, x0, x1);
      minY = Math.min(minY, y0, y1);
      maxY = Math.max(maxY, y0, y1);
      zHigh = Math.max(zHigh, deeper);
      zLow = Math.min(zLow, deeper);
    }
  }
  if (minX === Infinity) {
    minX = 0;
    minY = 0;
    maxX = 1;
    maxY = 1;
  }

  const extent = Math.max(maxX - minX, maxY - minY, 1e-6);
  const margin = extent * 0.045 + (options.kerfWidth ?? 0) / 2;
  const materialX0 = minX - margin;
  const materialY0 = minY - margin;
  const materialW = maxX - minX + 2 * margin;
  const materialH = maxY - minY + 2 * margin;
  const scale = Math.min((width - 2 * padding) / materialW, (height - 2 * padding) / materialH);
  const offsetX = (width - materialW * scale) / 2 - materialX0 * scale;
  const offsetY = (height + materialH * scale) / 2 + materialY0 * scale;
  const toX = (x: number): number => offsetX + x * scale;
  const toY = (y: number): number => offsetY - y * scale;

  const shades = isLaser ? POWER_SHADES : DEPTH_SHADES;
  const batches = shades.map(() => new PathBatch());
  const rapids = new PathBatch();
  const depthRange = zHigh - zLow;
  for (let i = 0; i < segmentCount; i++) {
    const p = i * 6;
    const ax = toX(positions[p] ?? 0);
    const ay = toY(positions[p + 1] ?? 0);
    const bx = toX(positions[p + 3] ?? 0);
    const by = toY(positions[p + 4] ?? 0);
    if (kinds[i] === SEGMENT_KIND.rapid) {
      if (showRapids) rapids.add(ax, ay, bx, by);
      continue;
    }
    if (!isDrawnCut(i)) continue;
    let level: number;
    if (isLaser) {
      level = Math.ceil(((power[i] ?? 0) / maxPower) * shades.length) - 1;
    } else {
      const deeper = Math.min(positions[p + 2] ?? 0, positions[p + 5] ?? 0);
      level =
        depthRange > 1e-9
          ? Math.round(((zHigh - deeper) / depthRange) * (shades.length - 1))
          : shades.length - 2;
    }
    batches[Math.min(shades.length - 1, Math.max(0, level))]?.add(ax, ay, bx, by);
  }

  const kerfPx = (options.kerfWidth ?? 0) * scale;
  const baseWidth = options.strokeWidth ?? Math.min(3.5, Math.max(1, Math.min(width, height) / 220));
  const hasGrooves = !isLaser && kerfPx >= 1.5 * baseWidth;
  const strokeWidth = isLaser
    ? Math.max(baseWidth * 1.3, Math.min(kerfPx, baseWidth * 4))
    : hasGrooves
      ? Math.max(0.8, baseWidth * 0.6)
      : baseWidth;
  const mx = px(toX(materialX0));
  const my = px(toY(materialY0 + materialH));
  const mw = px(materialW * scale);
  const mh = px(materialH * scale);
  const radius = px(Math.min(mw, mh) * 0.02);

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    "<defs>",
    `<linearGradient id="material" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${MATERIAL_LIGHT}"/><stop offset="1" stop-color="${MATERIAL_DARK}"/></linearGradient>`,
    `<clipPath id="stock"><rect x="${mx}" y="${my}" width="${mw}" height="${mh}" rx="${radius}"/></clipPath>`,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    `<rect x="${mx}" y="${my}" width="${mw}" height="${mh}" rx="${radius}" fill="url(#material)" stroke="${MATERIAL_EDGE}" stroke-width="1"/>`,
    grain(mx, my, mw, mh),
  ];
  const data = batches.map((batch) => (batch.isEmpty ? "" : batch.data()));
  if (hasGrooves) {
    out.push(
      `<g data-layer="grooves" fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="${px(kerfPx)}">`,
    );
    data.forEach((d, index) => {
      if (d) out.push(`<path stroke="${GROOVE_SHADES[index]}" d="${d}"/>`);
    });
    out.push("</g>");
  }
  out.push(
    `<g data-layer="cuts" fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="${px(strokeWidth)}"${hasGrooves ? ' stroke-opacity="0.75"' : ""}>`,
  );
  data.forEach((d, index) => {
    if (d) out.push(`<path stroke="${shades[index]}" d="${d}"/>`);
  });
  out.push("</g>");
  if (!rapids.isEmpty) {
    out.push(
      `<path data-layer="rapids" fill="none" stroke="${RAPID_COLOUR}" stroke-opacity="0.5" stroke-width="0.8" stroke-dasharray="3 3" d="${rapids.data()}"/>`,
    );
  }
  out.push(originMarker(toX(0), toY(0), width, height), "</svg>");
  return out.join("");
}

/** A few faint wavy lines across the stock, clipped to it, to read as wood. */
function grain(x: number, y: number, w: number, h: number): string {
  const lines: string[] = [];
  const count = 9;
  for (let k = 1; k < count; k++) {
    const base = y + (h * k) / count;
    const amplitude = (h / count) * 0.18;
    const phase = k * 1.7;
    const points: string[] = [];
    for (let s = 0; s <= 24; s++) {
      const t = s / 24;
      points.push(
        `${px(x + w * t)} ${px(base + amplitude * Math.sin(phase + t * 6.3 + Math.sin(k + t * 3)))}`,
      );
    }
    lines.push(`M${points.join("L")}`);
  }
  return `<path clip-path="url(#stock)" fill="none" stroke="${GRAIN_COLOUR}" stroke-opacity="0.35" stroke-width="0.8" d="${lines.join("")}"/>`;
}

/** Small X (red) / Y (green) arrows at the program origin, when it is inside the image. */
function originMarker(x: number, y: number, width: number, height: number): string {
  if (x < 0 || y < 0 || x > width || y > height) return "";
  const size = Math.max(8, Math.min(width, height) * 0.035);
  const ox = px(x);
  const oy = px(y);
  return (
    `<g data-layer="origin" stroke-width="1.5" stroke-linecap="round" fill="none">` +
    `<path stroke="#c0392b" d="M${ox} ${oy}L${px(x + size)} ${oy}"/>` +
    `<path stroke="#2e8b57" d="M${ox} ${oy}L${ox} ${px(y - size)}"/>` +
    `<circle cx="${ox}" cy="${oy}" r="2" fill="#333" stroke="none"/></g>`
  );
}

/** PNG or WebP preview of the toolpath, 640 x 480 unless told otherwise. */
export async function renderToolpathThumbnail(
  toolpath: Toolpath,
  options: ToolpathThumbnailOptions,
): Promise<Buffer> {
  const { format, width = 640, height = 480, ...rest } = options;
  const svg = renderToolpathSvg(toolpath, { ...rest, width, height });
  const image = sharp(Buffer.from(svg), { density: 72 });
  return format === "png"
    ? image.png({ compressionLevel: 8 }).toBuffer()
    : image.webp({ quality: 82 }).toBuffer();
}

/**
 * A preview of a G-code file (an uploaded model): parsed with lib/gcode/parser.ts, drawn from the
 * top. Takes the bytes or a stream of them; null when the program has no moves to draw.
 */
export async function renderGcodeThumbnail(
  input: Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: ToolpathThumbnailOptions,
): Promise<Buffer | null> {
  const parser = new GcodeParser({ expectedBytes: input instanceof Uint8Array ? input.length : undefined });
  await feedParser(parser, input);
  const { toolpath } = parser.finish();
  if (!toolpath || toolpath.segmentCount === 0) return null;
  return renderToolpathThumbnail(toolpathFromStrip(toolpath), options);
}
