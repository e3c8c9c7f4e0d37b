import { type Box3, type GcodeParseOptions, GcodeParser, type GcodeStats, type LaserRule } from "./parser";
import { ASSUMED_RAPID_MM_PER_MIN, DEFAULT_FEED_MM_PER_MIN } from "./estimate-defaults";
import { feedParser, type GcodeInput } from "./feed";

/*
 * What a G-code program is, in one plain object: the contract for callers that want to judge a
 * file before it is published (e.g. an upload pre-flight report) without knowing the parser.
 * Pure: no DOM, Node or database; the same result in the browser, the Worker and the server.
 *
 *   const summary = summariseGcode(bytesOrText);           // in memory
 *   const summary = await summariseGcodeStream(stream);     // streamed, constant memory
 *
 * Null when the program has no moves. Every length is in `units` (inch when any G20 appears, else
 * mm) and in the program's frame (its X0 Y0 Z0, after G10 L2/L20, G92 and G54-G59).
 */

export interface GcodeSummary {
  units: "mm" | "inch";
  lineCount: number;
  /** Extent of every move, rapids included, in the program's frame. */
  bounds: Box3;
  /** Extent of the cutting moves (powered moves for a laser job): the job size. */
  cutBounds: Box3;
  /** `bounds` in the frame the file started in (machine frame when it starts homed). */
  machineBounds: Box3;
  /** The program's X0 Y0 Z0 in that frame ([0, 0, 0] when it sets no offsets). */
  workOffset: [number, number, number];
  /** Lowest Z of the cut (the depth below Z0 when Z0 is the stock top); 0 travel for lasers. */
  minCutZ: number | null;
  /** T numbers used, ascending (0 when the program never selects one). */
  tools: number[];
  isLaser: boolean;
  /** Which laser pattern matched (docs/gcode.md), null for endmill jobs. */
  laserRule: LaserRule | null;
  /** Laser jobs: S range of the powered moves and the same as 0-100 % of the highest S. */
  power: { minS: number; maxS: number; minPercent: number; maxPercent: number } | null;
  /** Endmill jobs: distinct spindle speeds (first 64). Empty for lasers. */
  spindleSpeeds: number[];
  /** The inputs of the run-time estimate, and the estimate itself (see ESTIMATE_NOTE). */
  runTime: {
    cutDistance: number;
    rapidDistance: number;
    /** Lowest and highest programmed feed of the cuts, `units` per minute; null before any F. */
    feedRange: { min: number; max: number } | null;
    /** Assumed rapid speed and the feed used before any F, `units` per minute. */
    rapidFeed: number;
    defaultFeed: number;
    dwellSeconds: number;
    estimatedSeconds: number;
  };
  moves: { rapid: number; linear: number; arc: number };
  /** Words the interpreter did not act on, with counts per word (at most 50 kinds). */
  unknownWords: number;
  unknownWordCounts: Record<string, number>;
}

type SummaryOptions = Omit<GcodeParseOptions, "collectGeometry" | "expectedBytes">;

/** The summary of finished parser statistics (null when nothing moves). */
export function toGcodeSummary(stats: GcodeStats, options: SummaryOptions = {}): GcodeSummary | null {
  if (!stats.bounds || !stats.machineBounds) return null;
  const perUnit = stats.units === "inch" ? 1 / 25.4 : 1;
  const range = stats.powerRange;
  return {
    units: stats.units,
    lineCount: stats.lineCount,
    bounds: stats.bounds,
    cutBounds: stats.cutBounds ?? stats.bounds,
    machineBounds: stats.machineBounds,
    workOffset: stats.workOffset,
    minCutZ: stats.minCutZ,
    tools: stats.tools,
    isLaser: stats.isLaser,
    laserRule: stats.laserRule,
    power: range
      ? { minS: range.min, maxS: range.max, minPercent: (range.min / range.max) * 100, maxPercent: 100 }
      : null,
    spindleSpeeds: stats.spindleSpeeds,
    runTime: {
      cutDistance: stats.cutDistance,
      rapidDistance: stats.rapidDistance,
      feedRange: stats.feedRange,
      rapidFeed: (options.rapidFeedMmPerMin ?? ASSUMED_RAPID_MM_PER_MIN) * perUnit,
      defaultFeed: (options.defaultFeedMmPerMin ?? DEFAULT_FEED_MM_PER_MIN) * perUnit,
      dwellSeconds: stats.dwellSeconds,
      estimatedSeconds: stats.estimatedSeconds,
    },
    moves: { rapid: stats.rapidMoves, linear: stats.linearMoves, arc: stats.arcMoves },
    unknownWords: stats.unknownWords,
    unknownWordCounts: stats.unknownWordCounts,
  };
}

/** Summary of a program held in memory (text or bytes). */
export function summariseGcode(
  input: string | Uint8Array,
  options: SummaryOptions = {},
): GcodeSummary | null {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const parser = new GcodeParser({ ...options, collectGeometry: false });
  parser.push(bytes);
  return toGcodeSummary(parser.finish().stats, options);
}

/** Summary of a streamed program (web stream, Node stream or bytes); memory stays constant. */
export async function summariseGcodeStream(
  input: GcodeInput,
  options: SummaryOptions = {},
): Promise<GcodeSummary | null> {
  const parser = new GcodeParser({ ...options, collectGeometry: false });
  await feedParser(parser, input);
  return toGcodeSummary(parser.finish().stats, options);
}
