import { SEGMENT_KIND, type SegmentKind, type Toolpath } from "../toolpath";
import { ToolpathBuilder, type Vec3Tuple } from "../toolpath-builder";
import type { Contour, Vec2 } from "./geometry";

export type Units = Toolpath["units"];

export interface WriterOptions {
  units: Units;
  /** "paren" for router posts (Vectric/Fusion style), "semicolon" for laser posts (LightBurn style). */
  commentStyle: "paren" | "semicolon";
}

interface Target {
  x?: number;
  y?: number;
  z?: number;
}

/** Chord tolerance used when arcs are broken into segments for the toolpath, in mm. */
const ARC_TOLERANCE_MM = 0.01;
const MAX_ARC_STEP = Math.PI / 18;

/**
 * Emits G-code lines and, from exactly the rounded numbers it writes, the matching Toolpath.
 * Modal state is tracked so that F and S words appear only when they change, and axes only when
 * they move. The start position is unknown in X and Y until the first move names them, and Z
 * starts at 0; no segment is recorded from an unknown position.
 */
export class GcodeWriter {
  readonly units: Units;
  private readonly decimals: number;
  private readonly lines: string[] = [];
  private readonly builder: ToolpathBuilder;
  private readonly commentStyle: WriterOptions["commentStyle"];
  private x = Number.NaN;
  private y = Number.NaN;
  private z = 0;
  private feed: number | null = null;
  private spindlePower: number | null = null;
  private tool = 0;
  private readonly arcStepTolerance: number;

  constructor(options: WriterOptions) {
    this.units = options.units;
    this.commentStyle = options.commentStyle;
    this.decimals = options.units === "mm" ? 3 : 4;
    this.arcStepTolerance = options.units === "mm" ? ARC_TOLERANCE_MM : ARC_TOLERANCE_MM / 25.4;
    this.builder = new ToolpathBuilder(options.units, 4096);
  }

  get position(): { x: number; y: number; z: number } {
    return { x: this.x, y: this.y, z: this.z };
  }

  /** Formats a coordinate the way it will be written: fixed decimals, trailing zeros dropped. */
  format(value: number, decimals = this.decimals): string {
    let text = value.toFixed(decimals);
    if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
    return text === "-0" ? "0" : text;
  }

  /** The value a coordinate takes once written and read back. */
  round(value: number): number {
    return Number(this.format(value));
  }

  comment(text: string): void {
    const clean = sanitizeComment(text);
    this.lines.push(this.commentStyle === "paren" ? `(${clean})` : `; ${clean}`);
  }

  blank(): void {
    this.lines.push("");
  }

  /** A non-motion block such as `G90 G17` or `M3 S18000`. */
  code(block: string): void {
    this.lines.push(block);
  }

  selectTool(tool: number, description: string): void {
    this.tool = tool;
    this.comment(`T${tool}: ${description}`);
    this.code(`T${tool} M6`);
  }

  /** Sets the modal S value for laser moves without moving (e.g. `M4 S0`). */
  setLaser(mode: "M4" | "M3", power: number): void {
    this.spindlePower = power;
    this.code(`${mode} S${this.format(power, 0)}`);
  }

  rapid(target: Target, options: { laserOff?: boolean } = {}): void {
    const words = this.axisWords(target);
    if (!words) return;
    let block = `G0 ${words.text}`;
    if (options.laserOff && this.spindlePower !== 0) {
      block += " S0";
      this.spindlePower = 0;
    }
    this.lines.push(block);
    this.record(SEGMENT_KIND.rapid, words.to, 0);
  }

  /** G1 to `target` at `feed`; `power` is the laser S word (undefined for a router). */
  feedTo(target: Target, feed: number, power?: number): void {
    const words = this.axisWords(target);
    if (!words) return;
    this.lines.push(`G1 ${words.text}${this.modalWords(feed, power)}`);
    this.record(SEGMENT_KIND.cut, words.to, power ?? 0);
  }

  /**
   * G2 (clockwise) or G3 arc in the XY plane to `end` about `center`, I/J relative to the start.
   * An arc too short to be safely written as an arc becomes a straight move.
   */
  arcTo(clockwise: boolean, end: Vec2, center: Vec2, feed: number, power?: number): void {
    const ex = this.round(end.x);
    const ey = this.round(end.y);
    const chord = Math.hypot(ex - this.x, ey - this.y);
    if (!(chord > 0)) return;
    if (chord < 10 ** (2 - this.decimals)) {
      this.feedTo({ x: ex, y: ey }, feed, power);
      return;
    }
    const i = this.round(center.x - this.x);
    const j = this.round(center.y - this.y);
    const text = `G${clockwise ? 2 : 3} X${this.format(ex)} Y${this.format(ey)} I${this.format(i)} J${this.format(j)}`;
    this.lines.push(`${text}${this.modalWords(feed, power)}`);
    this.recordArc(clockwise, ex, ey, this.x + i, this.y + j, power ?? 0);
  }

  /** Follows a closed contour from its first element at the current Z (the tool must be at its start). */
  followContour(contour: Contour, feed: number, power?: number): void {
    for (const element of contour) {
      if (element.kind === "line") this.feedTo({ x: element.end.x, y: element.end.y }, feed, power);
      else this.arcTo(element.clockwise, element.end, element.center, feed, power);
    }
  }

  program(): string {
    return `${this.lines.join("\n")}\n`;
  }

  toolpath(): Toolpath {
    return this.builder.build();
  }

  private modalWords(feed: number, power: number | undefined): string {
    let words = "";
    if (power !== undefined && power !== this.spindlePower) {
      words += ` S${this.format(power, 0)}`;
      this.spindlePower = power;
    }
    if (feed !== this.feed) {
      words += ` F${this.format(feed, this.units === "mm" ? 0 : 1)}`;
      this.feed = feed;
    }
    return words;
  }

  private axisWords(target: Target): { text: string; to: Vec3Tuple } | null {
    const to: Vec3Tuple = [this.x, this.y, this.z];
    const words: string[] = [];
    const axes = [
      ["X", target.x],
      ["Y", target.y],
      ["Z", target.z],
    ] as const;
    axes.forEach(([letter, value], index) => {
      if (value === undefined) return;
      const rounded = this.round(value);
      if (rounded === to[index]) return;
      to[index] = rounded;
      words.push(`${letter}${this.format(rounded)}`);
    });
    return words.length > 0 ? { text: words.join(" "), to } : null;
  }

  private record(kind: SegmentKind, to: Vec3Tuple, power: number): void {
    const from: Vec3Tuple = [this.x, this.y, this.z];
    if (!Number.isNaN(this.x) && !Number.isNaN(this.y)) this.builder.add(kind, from, to, this.tool, power);
    [this.x, this.y, this.z] = to;
  }

  /**
   * Breaks the arc into chords within the tolerance, with a vertex at every quadrant point crossed
   * so that the toolpath's bounding box is the arc's. The radius blends from the start's to the end's
   * the way grbl does when rounding leaves them slightly different.
   */
  private recordArc(clockwise: boolean, ex: number, ey: number, cx: number, cy: number, power: number): void {
    const sx = this.x;
    const sy = this.y;
    const startRadius = Math.hypot(sx - cx, sy - cy);
    const endRadius = Math.hypot(ex - cx, ey - cy);
    const startAngle = Math.atan2(sy - cy, sx - cx);
    const endAngle = Math.atan2(ey - cy, ex - cx);
    const direction = clockwise ? -1 : 1;
    let sweep = direction * (endAngle - startAngle);
    while (sweep <= 1e-12) sweep += 2 * Math.PI;

    const radius = Math.max(startRadius, endRadius);
    const step =
      radius > this.arcStepTolerance
        ? Math.min(MAX_ARC_STEP, 2 * Math.acos(1 - this.arcStepTolerance / radius))
        : MAX_ARC_STEP;

    const breaks: number[] = [0];
    const quarter = Math.PI / 2;
    // Distance (along the sweep) to the first quadrant angle ahead of the start.
    const phase = clockwise ? startAngle : -startAngle;
    let ahead = phase - Math.floor(phase / quarter) * quarter;
    if (ahead < 1e-9) ahead = quarter;
    for (let a = ahead; a < sweep - 1e-9; a += quarter) breaks.push(a);
    breaks.push(sweep);

    const z = this.z;
    let from: Vec3Tuple = [sx, sy, z];
    for (let b = 0; b + 1 < breaks.length; b++) {
      const a0 = breaks[b] ?? 0;
      const a1 = breaks[b + 1] ?? sweep;
      const count = Math.max(1, Math.ceil((a1 - a0) / step));
      for (let k = 1; k <= count; k++) {
        const travelled = a0 + ((a1 - a0) * k) / count;
        let to: Vec3Tuple;
        if (b + 2 === breaks.length && k === count) {
          to = [ex, ey, z];
        } else {
          const r = startRadius + ((endRadius - startRadius) * travelled) / sweep;
          const angle = startAngle + direction * travelled;
          to = [cx + r * Math.cos(angle), cy + r * Math.sin(angle), z];
        }
        this.builder.add(SEGMENT_KIND.arc, from, to, this.tool, power);
        from = to;
      }
    }
    this.x = ex;
    this.y = ey;
  }
}

/** G-code comments may not nest parentheses; controllers expect plain ASCII. */
export function sanitizeComment(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[()]/g, (c) => (c === "(" ? "[" : "]"))
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
