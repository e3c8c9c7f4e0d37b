import { SEGMENT_KIND } from "@/lib/gcode/toolpath";
import type { LegendEntry } from "./messages";

type Rgb = readonly [number, number, number];

/** Rapid moves (G0), as the spec asks. */
export const RAPID_COLOR: Rgb = [220, 38, 38];
/** Cut colours, one per tool in the order the tools are numbered. */
export const TOOL_COLORS: readonly Rgb[] = [
  [37, 99, 235],
  [5, 150, 105],
  [217, 119, 6],
  [124, 58, 237],
  [8, 145, 178],
  [219, 39, 119],
  [101, 163, 13],
  [234, 88, 12],
];
/** Laser moves: unpowered moves pale, powered ones from orange (low) to dark brown (full), like a burn. */
export const LASER_OFF: Rgb = [214, 211, 209];
export const LASER_LOW: Rgb = [234, 140, 50];
export const LASER_FULL: Rgb = [67, 20, 7];

const hex = (rgb: Rgb): string => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

export type ColorInput = {
  kinds: Uint8Array;
  tools: Uint16Array;
  /** Laser power per segment, 0-100 % of the file's highest S (the parser's `power`). */
  power: Float32Array;
  segmentCount: number;
  isLaser: boolean;
  /** Tools used, ascending (from the statistics). */
  toolsUsed: readonly number[];
};

/**
 * One colour per vertex of the strip: vertex i + 1 carries segment i's colour, and the line
 * shader takes each segment's colour from that (provoking) vertex with flat shading.
 */
export function colorSegments(input: ColorInput): { colors: Uint8Array; legend: LegendEntry[] } {
  const { kinds, tools, power, segmentCount, isLaser, toolsUsed } = input;
  const colors = new Uint8Array((segmentCount + 1) * 3);
  const toolSlot = new Map<number, number>();
  toolsUsed.forEach((tool, index) => toolSlot.set(tool, index % TOOL_COLORS.length));
  const scale = 1 / 100;
  for (let i = 0; i < segmentCount; i++) {
    const o = (i + 1) * 3;
    let rgb: Rgb;
    if (kinds[i] === SEGMENT_KIND.rapid) {
      rgb = RAPID_COLOR;
    } else if (isLaser) {
      const t = Math.min(1, (power[i] ?? 0) * scale);
      if (t <= 0) {
        rgb = LASER_OFF;
      } else {
        colors[o] = LASER_LOW[0] + (LASER_FULL[0] - LASER_LOW[0]) * t;
        colors[o + 1] = LASER_LOW[1] + (LASER_FULL[1] - LASER_LOW[1]) * t;
        colors[o + 2] = LASER_LOW[2] + (LASER_FULL[2] - LASER_LOW[2]) * t;
        continue;
      }
    } else {
      rgb = TOOL_COLORS[toolSlot.get(tools[i] ?? 0) ?? 0] ?? TOOL_COLORS[0]!;
    }
    colors[o] = rgb[0];
    colors[o + 1] = rgb[1];
    colors[o + 2] = rgb[2];
  }
  const legend: LegendEntry[] = [{ label: "Rapid (G0)", color: hex(RAPID_COLOR) }];
  if (isLaser) {
    legend.push(
      { label: "Laser off", color: hex(LASER_OFF) },
      { label: "Laser full power", color: hex(LASER_FULL) },
    );
  } else {
    const used = toolsUsed.length > 0 ? toolsUsed : [0];
    for (const tool of used.slice(0, TOOL_COLORS.length)) {
      const slot = toolSlot.get(tool) ?? 0;
      legend.push({
        label: tool === 0 ? "Cut" : `Cut, tool T${tool}`,
        color: hex(TOOL_COLORS[slot] ?? TOOL_COLORS[0]!),
      });
    }
  }
  return { colors, legend };
}
