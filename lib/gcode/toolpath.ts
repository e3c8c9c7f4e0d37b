/**
 * A toolpath as straight segments in one flat buffer: the shape shared by the CAM generators
 * (seed data), the G-code parser and the thumbnail renderer.
 * Arcs are already broken into short segments.
 */
export const SEGMENT_KIND = { rapid: 0, cut: 1, arc: 2 } as const;
export type SegmentKind = (typeof SEGMENT_KIND)[keyof typeof SEGMENT_KIND];

export interface Toolpath {
  /** Segment i runs from (x,y,z) at positions[i*6..i*6+2] to positions[i*6+3..i*6+5]. */
  positions: Float32Array;
  /** One SEGMENT_KIND per segment. */
  kinds: Uint8Array;
  /** Tool number per segment (0 when no tool was selected). */
  tools: Uint16Array;
  /** Laser power (S word) per segment for M4/M3 laser moves, 0 otherwise. */
  power: Float32Array;
  segmentCount: number;
  units: "mm" | "inch";
}

/**
 * The parser's vertex strip (lib/gcode/parser.ts `ParsedToolpath`: segment i runs from vertex i
 * to vertex i + 1) as a Toolpath with both ends of every segment, for the thumbnail renderer.
 */
export function toolpathFromStrip(strip: {
  vertices: Float32Array;
  kinds: Uint8Array;
  tools: Uint16Array;
  power: Float32Array;
  segmentCount: number;
  units: "mm" | "inch";
}): Toolpath {
  const n = strip.segmentCount;
  const positions = new Float32Array(n * 6);
  const v = strip.vertices;
  for (let i = 0; i < n; i++) {
    const from = i * 3;
    const to = i * 6;
    positions[to] = v[from] ?? 0;
    positions[to + 1] = v[from + 1] ?? 0;
    positions[to + 2] = v[from + 2] ?? 0;
    positions[to + 3] = v[from + 3] ?? 0;
    positions[to + 4] = v[from + 4] ?? 0;
    positions[to + 5] = v[from + 5] ?? 0;
  }
  return {
    positions,
    kinds: strip.kinds.subarray(0, n),
    tools: strip.tools.subarray(0, n),
    power: strip.power.subarray(0, n),
    segmentCount: n,
    units: strip.units,
  };
}
