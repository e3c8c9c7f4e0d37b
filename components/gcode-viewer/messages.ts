import type { GcodeStats } from "@/lib/gcode/parser";

/** Messages between the viewer and its parse worker (parse.worker.ts). */
export type WorkerRequest =
  | { type: "load"; url: string }
  /** Asks for the text of one source line (0-based); answered with a `line` message. */
  | { type: "line"; index: number };

export type LegendEntry = { label: string; color: string };

export type ParsedModel = {
  stats: GcodeStats;
  /** Vertex strip: (segmentCount + 1) * 3 coordinates in the file's display units. */
  vertices: Float32Array;
  /** RGB per vertex (0-255); vertex i + 1 carries the colour of segment i (flat shading). */
  colors: Uint8Array;
  /** 0-based source line of each segment, non-decreasing. */
  lines: Uint32Array;
  legend: LegendEntry[];
};

export type WorkerResponse =
  | { type: "progress"; phase: "download" | "build"; loaded: number; total: number | null }
  | ({ type: "done" } & ParsedModel)
  | { type: "line"; index: number; text: string }
  | { type: "error"; message: string };
