/**
 * A toolpath as straight segments in one flat buffer: the shape shared by the CAM generators
 * (seed data), the G-code parser (issue "G-code engine") and the thumbnail renderer.
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
