/*
 * The cutting feeds of a program, per tool: what the feeds check (lib/feeds) compares with a
 * chipload chart. Pure: no DOM, Node or database. Streams: memory holds one line and, per tool, a
 * few maps bounded by MAX_KEYS.
 */

/** One tool's cutting, in millimetres whatever units the file uses. */
export interface ToolFeeds {
  /** The T number in force (0 when the file never names one). */
  tool: number;
  /** The feed (F) that cut the longest distance, mm/min. */
  feedMmPerMin: number;
  /** The spindle speed (S) that cut the longest distance; null when no S was in force. */
  rpm: number | null;
  /** Length cut sideways (moves with X or Y) by this tool, mm. */
  cutLengthMm: number;
  /** The highest Z of its level cuts, mm (the first pass below the surface). */
  topCutZMm: number;
  /** The largest step between two consecutive levels of its level cuts, mm. */
  maxStepDownMm: number;
}

const MM_PER_INCH = 25.4;
/** Distinct feeds, speeds and Z levels kept per tool; beyond it new values are not recorded. */
const MAX_KEYS = 4000;
const WORD = /([A-Z])\s*([-+]?(?:\d+\.?\d*|\.\d+))/g;

interface ToolAccumulator {
  byFeed: Map<number, number>;
  bySpeed: Map<number, number>;
  levels: Set<number>;
  length: number;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

function addTo(map: Map<number, number>, key: number, amount: number): void {
  const known = map.get(key);
  if (known !== undefined) map.set(key, known + amount);
  else if (map.size < MAX_KEYS) map.set(key, amount);
}

function heaviest(map: Map<number, number>): number | null {
  let best: number | null = null;
  let bestWeight = -1;
  for (const [key, weight] of map) {
    if (weight > bestWeight) {
      best = key;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Reads G-code text chunk by chunk. A cutting move is G1, G2 or G3 with X or Y (plunges and
 * retracts are not side cuts); arcs count their chord, which is enough to weigh feeds.
 * Inverse-time feeds (G93) are not counted.
 */
export class ToolFeedScanner {
  private readonly decoder = new TextDecoder();
  private carry = "";
  private scale = 1;
  private absolute = true;
  private inverseTime = false;
  private motion = 0;
  private feed = 0;
  private speed: number | null = null;
  private tool = 0;
  private position: [number, number, number] = [0, 0, 0];
  private readonly tools = new Map<number, ToolAccumulator>();

  push(chunk: Uint8Array): void {
    const text = this.carry + this.decoder.decode(chunk, { stream: true });
    let start = 0;
    for (;;) {
      const end = text.indexOf("\n", start);
      if (end === -1) break;
      this.line(text.slice(start, end));
      start = end + 1;
    }
    this.carry = text.slice(start);
  }

  finish(): ToolFeeds[] {
    const rest = this.carry + this.decoder.decode();
    this.carry = "";
    if (rest) this.line(rest);
    const result: ToolFeeds[] = [];
    for (const [tool, acc] of [...this.tools].sort((a, b) => a[0] - b[0])) {
      const feed = heaviest(acc.byFeed);
      if (feed === null || acc.length <= 0) continue;
      const levels = [...acc.levels].sort((a, b) => b - a);
      let maxStep = 0;
      for (let i = 1; i < levels.length; i++) maxStep = Math.max(maxStep, levels[i - 1]! - levels[i]!);
      result.push({
        tool,
        feedMmPerMin: round(feed, 2),
        rpm: heaviest(acc.bySpeed),
        cutLengthMm: round(acc.length, 2),
        topCutZMm: round(levels[0] ?? 0),
        maxStepDownMm: round(maxStep),
      });
    }
    return result;
  }

  private accumulator(): ToolAccumulator {
    let acc = this.tools.get(this.tool);
    if (!acc) {
      acc = { byFeed: new Map(), bySpeed: new Map(), levels: new Set(), length: 0 };
      this.tools.set(this.tool, acc);
    }
    return acc;
  }

  private line(raw: string): void {
    const line = raw
      .replace(/\([^)]*\)/g, "")
      .replace(/;.*/, "")
      .toUpperCase();
    if (!line.trim()) return;
    const target: [number | null, number | null, number | null] = [null, null, null];
    let toolWord: number | null = null;
    for (const [, letter, value] of line.matchAll(WORD)) {
      const number = Number(value);
      switch (letter) {
        case "G":
          if (number === 0 || number === 1 || number === 2 || number === 3) this.motion = number;
          else if (number === 20) this.scale = MM_PER_INCH;
          else if (number === 21) this.scale = 1;
          else if (number === 90) this.absolute = true;
          else if (number === 91) this.absolute = false;
          else if (number === 93) this.inverseTime = true;
          else if (number === 94) this.inverseTime = false;
          break;
        case "X":
          target[0] = number;
          break;
        case "Y":
          target[1] = number;
          break;
        case "Z":
          target[2] = number;
          break;
        case "F":
          this.feed = number * this.scale;
          break;
        case "S":
          this.speed = number > 0 ? number : null;
          break;
        case "T":
          toolWord = number;
          break;
        case "M":
          if (number === 5) this.speed = null;
          break;
      }
    }
    // Every CAM post selects with T before or on the M6 line; the new tool cuts the next move.
    if (toolWord !== null) this.tool = Math.max(0, Math.round(toolWord));
    if (target[0] === null && target[1] === null && target[2] === null) return;
    const from = this.position;
    const to: [number, number, number] = [0, 1, 2].map((axis) => {
      const word = target[axis];
      if (word === null || word === undefined) return from[axis]!;
      const mm = word * this.scale;
      return this.absolute ? mm : from[axis]! + mm;
    }) as [number, number, number];
    this.position = to;
    const sideways = target[0] !== null || target[1] !== null;
    if (this.motion === 0 || !sideways || this.inverseTime || !(this.feed > 0)) return;
    const length = Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
    if (!(length > 0)) return;
    const acc = this.accumulator();
    acc.length += length;
    addTo(acc.byFeed, round(this.feed, 2), length);
    if (this.speed !== null) addTo(acc.bySpeed, this.speed, length);
    if (Math.abs(to[2] - from[2]) < 1e-6 && (acc.levels.size < MAX_KEYS || acc.levels.has(round(to[2]))))
      acc.levels.add(round(to[2]));
  }
}

/** The same for a program already in memory. */
export function scanToolFeeds(bytes: Uint8Array): ToolFeeds[] {
  const scanner = new ToolFeedScanner();
  scanner.push(bytes);
  return scanner.finish();
}
