import type { GcodeAnalysis } from "@/lib/db/schema/attachments";
import { type GcodeParseOptions, GcodeParser, type GcodeStats } from "./parser";
import { feedParser, type GcodeInput } from "./feed";
import { readToolComments, TOOL_COMMENT_HEAD_BYTES } from "./tool-comments";
import { scanToolFeeds, ToolFeedScanner, type ToolFeeds } from "./tool-feeds";

/*
 * The statistics kept with a G-code attachment (attachments.gcode_analysis), so pages and cards
 * show dimensions and cut time without parsing again. Pure: no DOM, Node or database.
 */

/** Which names are G-code: one list for the whole site (lib/gcode/file-types.ts). */
export { isGcodeFileName } from "./file-types";

const round = (value: number, digits = 4): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const roundBox = (box: { min: [number, number, number]; max: [number, number, number] }) => ({
  min: box.min.map((v) => round(v)) as [number, number, number],
  max: box.max.map((v) => round(v)) as [number, number, number],
});

/**
 * The analysis to store for a parsed file, or null when the program has no moves (nothing to
 * measure). Lengths are in `units` (inch when any G20 appears, else mm), rounded to 4 decimals.
 */
export function toGcodeAnalysis(
  stats: GcodeStats,
  head?: Uint8Array,
  toolFeeds?: ToolFeeds[],
): GcodeAnalysis | null {
  if (!stats.bounds) return null;
  return {
    ...(toolFeeds && !stats.isLaser ? { toolFeeds } : {}),
    ...(head ? { toolComments: readToolComments(new TextDecoder().decode(head), stats.units) } : {}),
    units: stats.units,
    lineCount: stats.lineCount,
    segmentCount: stats.segmentCount,
    bounds: roundBox(stats.bounds),
    cutBounds: roundBox(stats.cutBounds ?? stats.bounds),
    cutDistance: round(stats.cutDistance, 3),
    rapidDistance: round(stats.rapidDistance, 3),
    estimatedSeconds: Math.round(stats.estimatedSeconds),
    tools: stats.tools,
    spindleSpeeds: stats.spindleSpeeds,
    isLaser: stats.isLaser,
    unknownWords: stats.unknownWords,
    minCutZ: stats.minCutZ === null ? null : round(stats.minCutZ),
    maxPower: stats.maxPower,
    laserRule: stats.laserRule,
    powerRange: stats.powerRange,
    workOffset: stats.workOffset.map((v) => round(v)) as [number, number, number],
    moves: { rapid: stats.rapidMoves, linear: stats.linearMoves, arc: stats.arcMoves },
  };
}

/**
 * Streams bytes through the parser without keeping the geometry: memory stays constant (the
 * parser holds at most one line between chunks), whatever the file size.
 */
export async function analyseGcodeStream(
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: Omit<GcodeParseOptions, "collectGeometry"> = {},
): Promise<GcodeAnalysis | null> {
  const parser = new GcodeParser({ ...options, collectGeometry: false });
  const head = new HeadKeeper();
  const feeds = new ToolFeedScanner();
  await feedParser(parser, head.watch(stream, feeds));
  return toGcodeAnalysis(parser.finish().stats, head.bytes(), feeds.finish());
}

/**
 * Keeps the first bytes of a stream as they pass (the CAM header with its tool comments) and hands
 * every chunk to the feed scanner, so the file is read once.
 */
class HeadKeeper {
  private readonly chunks: Uint8Array[] = [];
  private kept = 0;

  async *watch(input: Exclude<GcodeInput, Uint8Array>, feeds: ToolFeedScanner): AsyncIterable<Uint8Array> {
    const iterable: AsyncIterable<Uint8Array> =
      "getReader" in input ? readerChunks(input) : (input as AsyncIterable<Uint8Array>);
    for await (const chunk of iterable) {
      if (this.kept < TOOL_COMMENT_HEAD_BYTES) {
        const part = chunk.subarray(0, TOOL_COMMENT_HEAD_BYTES - this.kept);
        this.chunks.push(part.slice());
        this.kept += part.length;
      }
      feeds.push(chunk);
      yield chunk;
    }
  }

  bytes(): Uint8Array {
    const all = new Uint8Array(this.kept);
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  }
}

async function* readerChunks(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The same for a file already in memory (the seed's generated programs). */
export function analyseGcodeBytes(bytes: Uint8Array): GcodeAnalysis | null {
  const parser = new GcodeParser({ collectGeometry: false });
  parser.push(bytes);
  return toGcodeAnalysis(parser.finish().stats, bytes.subarray(0, TOOL_COMMENT_HEAD_BYTES), scanToolFeeds(bytes));
}
