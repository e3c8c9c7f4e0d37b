import { ASSUMED_RAPID_MM_PER_MIN, DEFAULT_FEED_MM_PER_MIN } from "./estimate-defaults";
import { ExpressionReader, type ParameterStore } from "./expression";
import { SEGMENT_KIND } from "./toolpath";
import { warmUpOnce } from "./warm-up";

/*
 * A streaming G-code interpreter: bytes in (chunk by chunk), a toolpath out as typed arrays plus
 * statistics. No DOM and no Node API, so the same code runs in the viewer's Web Worker, on the
 * server (upload analysis) and in the seed.
 *
 * Speed comes from reading bytes directly (no strings, no regular expressions, no object per word
 * or per line) and from storing the path as one vertex strip: the machine never jumps, so segment
 * i runs from vertex i to vertex i+1 and each segment costs 12 bytes of coordinates, not 24.
 * Coordinates are kept in machine millimetres while parsing and converted once at the end: to the
 * file's display units ("any G20 means inches", the spec's rule) and to the program's frame (the
 * work offset at the first cut taken off, so the program's X0 Y0 Z0 is 0, 0, 0; docs/gcode.md).
 * Before the first parse of a process a short warm-up program runs (lib/gcode/warm-up.ts), so V8
 * optimises the hot functions with complete type feedback.
 */

export const MM_PER_INCH = 25.4;

export interface GcodeParseOptions {
  /** Build the vertex strip (default true). Statistics alone need constant memory. */
  collectGeometry?: boolean;
  /** Largest distance between an arc and its chords, in mm (default 0.02). */
  arcTolerance?: number;
  /** Rapid speed assumed for the time estimate, mm/min (default 5000). */
  rapidFeedMmPerMin?: number;
  /** Feed assumed for cuts before any F word, mm/min (default 1000). */
  defaultFeedMmPerMin?: number;
  /** File size if known, to size the buffers once instead of growing them. */
  expectedBytes?: number;
}

export type Box3 = { min: [number, number, number]; max: [number, number, number] };

/** The parsed path as a vertex strip: segment i runs from vertex i to vertex i + 1. */
export interface ParsedToolpath {
  /** (segmentCount + 1) * 3 coordinates in `units`; vertex 0 is the start position. */
  vertices: Float32Array;
  /** SEGMENT_KIND per segment. */
  kinds: Uint8Array;
  /** Tool number per segment (0 before any T word). */
  tools: Uint16Array;
  /** Laser power (S) per segment for laser jobs, 0 for rapids, unpowered moves and endmill jobs. */
  power: Float32Array;
  /** 0-based source line of each segment (non-decreasing). */
  lines: Uint32Array;
  segmentCount: number;
  units: "mm" | "inch";
}

export interface GcodeStats {
  /** Display units: inch when any G20 appears, else mm. Every length below is in these units. */
  units: "mm" | "inch";
  lineCount: number;
  segmentCount: number;
  rapidMoves: number;
  linearMoves: number;
  arcMoves: number;
  /** Extent of every move, rapids included; null when nothing moves. */
  bounds: Box3 | null;
  /** Extent of the cutting moves (powered moves for a laser job). */
  cutBounds: Box3 | null;
  cutDistance: number;
  rapidDistance: number;
  /** Sum of cut length / feed, rapid length / rapid speed and dwells (see ESTIMATE_NOTE). */
  estimatedSeconds: number;
  tools: number[];
  /** Distinct S values while the spindle ran (first 64); empty for laser jobs. */
  spindleSpeeds: number[];
  /** Highest S while cutting (laser power scale, e.g. 255 or 1000). */
  maxPower: number;
  /**
   * Laser jobs: the lowest and highest S of the powered moves (the file's S range; the toolpath's
   * `power` is each move's S as 0-100 % of `max`). Null for endmill jobs.
   */
  powerRange: { min: number; max: number } | null;
  /** Deepest cut (lowest Z of the cut bounds). */
  minCutZ: number | null;
  isLaser: boolean;
  /** Which laser pattern decided `isLaser` (see docs/gcode.md), null for endmill jobs. */
  laserRule: LaserRule | null;
  /**
   * Where the program's X0 Y0 Z0 sits in the frame the file started in (G10 L2/L20, G92 and
   * G54-G59 as set at the first cutting move), in `units`. Every box and vertex is in the program's
   * frame; add this to get the machine frame. [0, 0, 0] when the program sets no offsets.
   */
  workOffset: [number, number, number];
  /** `bounds` in the frame the file started in (bounds + workOffset); null when nothing moves. */
  machineBounds: Box3 | null;
  /** Lowest and highest programmed feed (F) of the cutting moves, `units` per minute (G94 only). */
  feedRange: { min: number; max: number } | null;
  /** Seconds of G4 dwells (part of estimatedSeconds). */
  dwellSeconds: number;
  /** Words the interpreter does not act on (unknown G/M codes, `$` commands, bad expressions). */
  unknownWords: number;
  /** Count per unknown word, e.g. { "G64": 1, "$H": 1 } (at most 50 kinds). */
  unknownWordCounts: Record<string, number>;
}

/**
 * Why a job counts as laser: `M4` (Grbl's laser mode), `powerOnFeeds` (S changes on feed moves:
 * rasters), `switchedPerPath` (M3 ... M5 around each path, all powered moves at one Z),
 * `unpoweredFeeds` (feed moves at S0 with every cut at one Z).
 */
export type LaserRule = "M4" | "powerOnFeeds" | "switchedPerPath" | "unpoweredFeeds";

/** S changes on feed moves needed to call a job a raster laser job (a router sets S once). */
export const LASER_POWER_CHANGES = 3;
/**
 * Paths switched on with M3/M4 (each followed by a powered feed move) needed, with one Z for every
 * powered move, to call a job a vector laser job.
 */
export const LASER_SWITCH_ONS = 2;

export interface GcodeParseResult {
  stats: GcodeStats;
  toolpath: ParsedToolpath | null;
}

export const ESTIMATE_NOTE =
  "Estimated as cut length divided by the programmed feed (F), plus rapid length at an assumed " +
  `${ASSUMED_RAPID_MM_PER_MIN} mm/min and dwells; acceleration, tool changes and pauses are not counted, so real jobs ` +
  "usually take longer.";

// Letter indices (A = 0 ... Z = 25).
const A_ = 0,
  F_ = 5,
  I_ = 8,
  J_ = 9,
  K_ = 10,
  L_ = 11,
  P_ = 15,
  R_ = 17,
  S_ = 18,
  T_ = 19;
const X_ = 23,
  Y_ = 24,
  Z_ = 25;
// The bit of each word in `seen` (bit n for letter n), as constants: a helper such as
// `bit(X_)` runs as a real call on every line until V8 has optimised its caller.
const F_BIT = 1 << F_,
  L_BIT = 1 << L_,
  P_BIT = 1 << P_,
  R_BIT = 1 << R_,
  S_BIT = 1 << S_,
  T_BIT = 1 << T_,
  X_BIT = 1 << X_,
  Y_BIT = 1 << Y_,
  Z_BIT = 1 << Z_;
const AXES_MASK = X_BIT | Y_BIT | Z_BIT;
const ROTARY_MASK = (1 << A_) | (1 << 1) | (1 << 2);
const CENTRE_MASK = (1 << I_) | (1 << J_) | (1 << K_);

const MOTION_NONE = -1;
const MOTION_RAPID = 0;
const MOTION_LINEAR = 1;
const MOTION_CW = 2;
const MOTION_CCW = 3;
const MOTION_CANNED = 4;
const MOTION_PROBE = 5;

/**
 * Zero for number fields that will hold fractions. -0 is not a small integer, so V8 gives the
 * field a double representation from the start: later writes update it in place instead of
 * allocating a heap number per line (and the object's shape never changes mid-parse).
 */
const DOUBLE = -0;

const MAX_SPEEDS = 64;
const MAX_UNKNOWN_KINDS = 50;
const TWO_PI = Math.PI * 2;
const HALF_PI = Math.PI / 2;
/** Cosine and sine of 0, 90, 180 and 270 degrees, exact (Math.cos(Math.PI / 2) is 6e-17). */
const QUADRANT_COS = Float64Array.of(1, 0, -1, 0);
const QUADRANT_SIN = Float64Array.of(0, 1, 0, -1);

/** G codes (times ten) that are understood but do not change the drawing. */
const IGNORED_G = new Set([
  40, 400, 410, 411, 420, 421, 430, 431, 432, 490, 610, 611, 640, 500, 510, 960, 970, 980, 990, 70, 80, 150,
  160, 940, 950, 1000, 200, 210, 330, 761,
]);
/** M codes that are understood but do not change the drawing. */
const IGNORED_M = new Set([
  0, 1, 2, 7, 8, 9, 30, 48, 49, 50, 51, 52, 53, 60, 61, 62, 63, 64, 65, 66, 67, 68, 100,
]);

class Growable {
  vertices: Float32Array;
  kinds: Uint8Array;
  tools: Uint16Array;
  power: Float32Array;
  lines: Uint32Array;
  capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.vertices = new Float32Array((capacity + 1) * 3);
    this.kinds = new Uint8Array(capacity);
    this.tools = new Uint16Array(capacity);
    this.power = new Float32Array(capacity);
    this.lines = new Uint32Array(capacity);
  }

  grow(): void {
    const capacity = Math.ceil(this.capacity * 1.5) + 1024;
    const vertices = new Float32Array((capacity + 1) * 3);
    vertices.set(this.vertices);
    this.vertices = vertices;
    const kinds = new Uint8Array(capacity);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const tools = new Uint16Array(capacity);
    tools.set(this.tools);
    this.tools = tools;
    const power = new Float32Array(capacity);
    power.set(this.power);
    this.power = power;
    const lines = new Uint32Array(capacity);
    lines.set(this.lines);
    this.lines = lines;
    this.capacity = capacity;
  }
}

const NEWLINE = Uint8Array.of(10);

function emptyBox(): Float64Array {
  return Float64Array.of(Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity);
}

export class GcodeParser {
  private readonly collectGeometry: boolean;
  private readonly arcTolerance: number;
  private readonly rapidFeed: number;
  private readonly defaultFeed: number;
  private store: Growable | null;
  private segments = 0;

  // The line being read.
  private readonly values = new Float64Array(26);
  private seen = 0;
  private readonly gWords = new Int32Array(16);
  private gCount = 0;
  private readonly mWords = new Int32Array(16);
  private mCount = 0;
  private pendingAssignments: Array<[string, number]> = [];
  private readonly params: ParameterStore = new Map();
  private reader: ExpressionReader | null = null;
  private readerLine = -1;

  // Bytes of a line split across chunks.
  private carry = new Uint8Array(256);
  private carryLength = 0;
  private lineIndex = 0;
  bytesRead = 0;

  // Modal state.
  private motion = MOTION_NONE;
  private unit = MM_PER_INCH; // set to 1 in the constructor (see DOUBLE)
  private plane = 17;
  private isAbsolute = true;
  private isArcAbsolute = false;
  private isInverseTime = false;
  private wcs = 0;
  private readonly wcsOffsets = new Float64Array(9 * 3);
  private readonly g92 = new Float64Array(3);
  private readonly pos = new Float64Array(3);
  /** False at the start and after homing ($H, G28, G30) until a move or G92 / G10 L20 places us. */
  private positionKnown = false;
  private lastCut = false;
  private lastRecordedSpeed = Number.NaN;
  private lastPowered = false;
  private feed = DOUBLE;
  private spindleSpeed = DOUBLE;
  private spindleOn = false;
  private tool = 0;
  private cannedRetract = DOUBLE;
  private cannedInitialZ = DOUBLE;
  private cannedReturnToInitial = true;

  // Statistics (millimetres).
  private hasInch = false;
  private sawM4 = false;
  private sawUnpoweredFeed = false;
  /** Feed-move lines whose S differs from the S before (raster lasers carry power per move). */
  private powerChanges = 0;
  /** Paths: powered feed moves that follow an M3/M4 given while the spindle (laser) was off. */
  private switchedPaths = 0;
  private pathPending = false;
  private powerMin = Infinity;
  private powerMax = DOUBLE;
  private feedMin = Infinity;
  private feedMax = DOUBLE;
  private dwell = DOUBLE;
  /** The program's frame: work offset (WCS + G92, machine mm) at the first cutting move. */
  private frameKnown = false;
  private readonly frame = new Float64Array(3);
  private readonly apex = new Float64Array(3);
  private rapidMoves = 0;
  private linearMoves = 0;
  private arcMoves = 0;
  private cutLength = DOUBLE;
  private rapidLength = DOUBLE;
  private minutes = DOUBLE;
  private maxPower = DOUBLE;
  /** Rapids only while parsing; the union with cutBox (every move) once finished. */
  private readonly box = emptyBox();
  private lastRangeFeed = DOUBLE;
  private readonly cutBox = emptyBox();
  private readonly poweredBox = emptyBox();
  /**
   * While every cut so far was powered (an endmill job with the spindle on, the common case) the
   * powered box grows exactly as the cut box does, and is not kept separately: `poweredBox` is
   * filled in at the first unpowered cut (or at the end).
   */
  private poweredBoxIsCutBox = true;
  private readonly tools = new Set<number>();
  /**
   * Distinct S values while the spindle ran (the first MAX_SPEEDS), searched in place: a Set took
   * a boxed number per call, and raster lasers change S on nearly every line.
   */
  private readonly speeds = new Float64Array(MAX_SPEEDS);
  private speedCount = 0;
  private unknown = 0;
  private readonly unknownCounts = new Map<string, number>();

  /**
   * Laser power per segment, kept as runs while parsing: the cut power (S while the spindle is on)
   * and the segment where it took that value. Endmill jobs, the common case, set S a few times
   * and end with no power at all (see buildToolpath): writing S for each cut and zeroing it at the
   * end touched every page of the power array. The runs are written out when the buffer is full
   * (raster lasers change S on every line) and at the end, for laser jobs only.
   */
  private runPower = DOUBLE;
  private readonly runStarts: Uint32Array;
  private readonly runPowers: Float64Array;
  private runCount = 0;
  /** Some runs are in the power array already (the buffer filled up). */
  private powerWritten = false;

  constructor(options: GcodeParseOptions = {}) {
    warmUpOnce(runWarmUp);
    this.unit = 1;
    this.collectGeometry = options.collectGeometry ?? true;
    this.arcTolerance = options.arcTolerance ?? 0.02;
    this.rapidFeed = options.rapidFeedMmPerMin ?? ASSUMED_RAPID_MM_PER_MIN;
    this.defaultFeed = options.defaultFeedMmPerMin ?? DEFAULT_FEED_MM_PER_MIN;
    // Real files average one segment per 17-22 bytes; arc-heavy ones more, and the store grows
    // (the warm-up program too, so that growing has type feedback before a real file needs it).
    const guess = options.expectedBytes ? Math.ceil(options.expectedBytes / 16) : 4096;
    this.store = this.collectGeometry ? new Growable(Math.max(64, guess)) : null;
    // One run per KiB of file, at most 1024: small inputs (the warm-up) fill the buffer too, so
    // writing the runs out has type feedback before a raster laser file needs it.
    const runs = Math.min(1024, Math.max(2, (options.expectedBytes ?? 0) >> 10));
    this.runStarts = new Uint32Array(runs);
    this.runPowers = new Float64Array(runs);
  }

  /** Feeds the next bytes; a line split between chunks is carried over to the next call. */
  push(input: Uint8Array): void {
    // A plain Uint8Array view (not a Node Buffer subclass) keeps the tokenizer monomorphic.
    const chunk =
      input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.length);
    this.bytesRead += chunk.length;
    const n = chunk.length;
    let start = 0;
    if (this.carryLength > 0) {
      let newline = 0;
      while (newline < n && chunk[newline] !== 10) newline++;
      if (newline === n) {
        this.appendCarry(chunk, 0, n);
        return;
      }
      // With its newline: every line the tokenizer reads ends with one (see readLine).
      this.appendCarry(chunk, 0, newline + 1);
      this.readLine(this.carry, 0, this.carryLength);
      this.carryLength = 0;
      start = newline + 1;
    }
    // One native search per chunk; the tokenizer itself stops at each newline.
    const last = chunk.lastIndexOf(10);
    if (last >= start) {
      this.readLines(chunk, start, last + 1);
      start = last + 1;
    }
    if (start < n) this.appendCarry(chunk, start, n);
  }

  /**
   * The hot loop, on its own so that the optimised code V8 builds for it (entered mid-loop)
   * holds nothing but the loop: nothing after it to lack type feedback and deoptimise per chunk.
   */
  private readLines(chunk: Uint8Array, start: number, end: number): void {
    let i = start;
    while (i < end) i = this.readLine(chunk, i, end);
  }

  /** Reads the last line (if it has no newline) and returns the toolpath and statistics. */
  finish(): GcodeParseResult {
    if (this.carryLength > 0) {
      this.appendCarry(NEWLINE, 0, 1);
      this.readLine(this.carry, 0, this.carryLength);
      this.carryLength = 0;
    }
    if (this.poweredBoxIsCutBox) this.poweredBox.set(this.cutBox);
    unionBox(this.box, this.cutBox);
    this.notePowerRange();
    const laserRule = this.laserRule();
    const isLaser = laserRule !== null;
    const units = this.hasInch ? "inch" : "mm";
    const scale = this.hasInch ? 1 / MM_PER_INCH : 1;
    if (!this.frameKnown) this.captureFrame();
    const frame = this.frame;
    const zero = new Float64Array(3);
    const cutBounds = toBox(isLaser ? this.poweredBox : this.cutBox, scale, frame);
    const hasPower = isLaser && this.powerMax > 0;
    const stats: GcodeStats = {
      units,
      lineCount: this.lineIndex,
      segmentCount: this.segments,
      rapidMoves: this.rapidMoves,
      linearMoves: this.linearMoves,
      arcMoves: this.arcMoves,
      bounds: toBox(this.box, scale, frame),
      cutBounds,
      cutDistance: this.cutLength * scale,
      rapidDistance: this.rapidLength * scale,
      estimatedSeconds: this.minutes * 60,
      tools: [...this.tools].sort((a, b) => a - b),
      spindleSpeeds: isLaser
        ? []
        : Array.from(this.speeds.subarray(0, this.speedCount)).sort((a, b) => a - b),
      maxPower: this.maxPower,
      powerRange: hasPower ? { min: this.powerMin, max: this.powerMax } : null,
      minCutZ: cutBounds ? cutBounds.min[2] : null,
      isLaser,
      laserRule,
      workOffset: [frame[0]! * scale, frame[1]! * scale, frame[2]! * scale],
      machineBounds: toBox(this.box, scale, zero),
      feedRange: this.feedMax > 0 ? { min: this.feedMin * scale, max: this.feedMax * scale } : null,
      dwellSeconds: this.dwell * 60,
      unknownWords: this.unknown,
      unknownWordCounts: Object.fromEntries(this.unknownCounts),
    };
    return { stats, toolpath: this.buildToolpath(units, scale, hasPower ? this.powerMax : 0) };
  }

  /** The laser rule that matches, in the order of docs/gcode.md, or null (an endmill job). */
  private laserRule(): LaserRule | null {
    if (this.sawM4) return "M4";
    if (this.powerChanges >= LASER_POWER_CHANGES) return "powerOnFeeds";
    const powered = this.poweredBox;
    if (
      this.switchedPaths >= LASER_SWITCH_ONS &&
      powered[0] !== Infinity &&
      powered[5]! - powered[2]! <= 1e-6
    )
      return "switchedPerPath";
    if (this.sawUnpoweredFeed && this.cutBox[2] === this.cutBox[5] && this.maxPower > 0)
      return "unpoweredFeeds";
    return null;
  }

  /** A new feed on a cutting move: the feed range (inverse-time feeds are not speeds). */
  private noteFeed(): void {
    this.lastRangeFeed = this.feed;
    if (this.isInverseTime || this.feed <= 0) return;
    if (this.feed < this.feedMin) this.feedMin = this.feed;
    if (this.feed > this.feedMax) this.feedMax = this.feed;
  }

  /** Takes the work offset in force now as the program's frame. */
  private captureFrame(): void {
    this.frame.set(this.offset);
    this.frameKnown = true;
  }

  /** The work offset in force (WCS offset + G92), kept up to date for every move's target. */
  private readonly offset = new Float64Array(3);
  private updateOffset(): void {
    const base = this.wcs * 3;
    for (let a = 0; a < 3; a++) this.offset[a] = this.wcsOffsets[base + a]! + this.g92[a]!;
  }

  /**
   * The strip in display units and the program's frame; laser power as 0-100 % of `fullPower`
   * (the highest S of the file), 0 everywhere for endmill jobs (`fullPower` 0).
   */
  private buildToolpath(units: "mm" | "inch", scale: number, fullPower: number): ParsedToolpath | null {
    const store = this.store;
    if (!store) return null;
    this.store = null;
    const n = this.segments;
    // Trim only when much is unused: a copy costs memory at the peak.
    const trim = store.capacity > n * 1.5 + 4096;
    const take = <T extends Float32Array | Uint8Array | Uint16Array | Uint32Array>(
      array: T,
      length: number,
    ): T => (trim ? array.slice(0, length) : array.subarray(0, length)) as T;
    const vertices = take(store.vertices, (n + 1) * 3);
    const frame = this.frame;
    if (scale !== 1 || frame[0] !== 0 || frame[1] !== 0 || frame[2] !== 0)
      toDisplayFrame(vertices, frame, scale);
    if (fullPower > 0) this.writePowerRuns(store);
    const power = take(store.power, n);
    if (fullPower > 0) scalePower(power, 100 / fullPower);
    else if (this.powerWritten) power.fill(0);
    return {
      vertices,
      kinds: take(store.kinds, n),
      tools: take(store.tools, n),
      power,
      lines: take(store.lines, n),
      segmentCount: n,
      units,
    };
  }

  /**
   * After an S word or M words: the power of the following cuts (S while the spindle is on, as emit
   * takes it); a new run when it changed (see runPower).
   */
  private notePowerLevel(): void {
    const power = this.spindleOn && this.spindleSpeed > 0 ? this.spindleSpeed : 0;
    if (power === this.runPower) return;
    this.notePowerRange();
    this.runPower = power;
    this.cutsAtRunStart = this.linearMoves + this.arcMoves;
    const store = this.store;
    if (store === null) return;
    if (this.runCount === this.runStarts.length) this.writePowerRuns(store);
    this.runStarts[this.runCount] = this.segments;
    this.runPowers[this.runCount++] = power;
  }

  /** Cut moves (every cut segment belongs to one) when the current power run started. */
  private cutsAtRunStart = 0;

  /**
   * The power range of the powered cuts, taken per run (when it ends, and at the end): a run's
   * power counts if it had a cut.
   */
  private notePowerRange(): void {
    const power = this.runPower;
    if (power <= 0 || this.linearMoves + this.arcMoves === this.cutsAtRunStart) return;
    if (power < this.powerMin) this.powerMin = power;
    if (power > this.powerMax) this.powerMax = power;
  }

  /** Writes the runs so far into the power array (cuts only: rapids have no power) and empties them. */
  private writePowerRuns(store: Growable): void {
    const count = this.runCount;
    const kinds = store.kinds;
    const power = store.power;
    for (let k = 0; k < count; k++) {
      const value = this.runPowers[k]!;
      if (value === 0) continue;
      const to = k + 1 < count ? this.runStarts[k + 1]! : this.segments;
      for (let i = this.runStarts[k]!; i < to; i++) if (kinds[i] !== SEGMENT_KIND.rapid) power[i] = value;
    }
    this.runCount = 0;
    this.powerWritten = true;
  }

  private appendCarry(chunk: Uint8Array, start: number, end: number): void {
    const needed = this.carryLength + (end - start);
    if (needed > this.carry.length) {
      const bigger = new Uint8Array(Math.max(needed, this.carry.length * 2));
      bigger.set(this.carry.subarray(0, this.carryLength));
      this.carry = bigger;
    }
    this.carry.set(chunk.subarray(start, end), this.carryLength);
    this.carryLength = needed;
  }

  private countUnknown(word: string): void {
    this.unknown++;
    const count = this.unknownCounts.get(word);
    if (count !== undefined) this.unknownCounts.set(word, count + 1);
    else if (this.unknownCounts.size < MAX_UNKNOWN_KINDS) this.unknownCounts.set(word, 1);
  }

  /**
   * Tokenises one line starting at `start` (up to its newline or `end`) into letter values, runs
   * it, and returns the index after the newline. Only the common words are read here; anything
   * else (expressions, `#` assignments, `$` commands, stray characters) goes to `readRare`, so this
   * function stays small: V8 optimises a function after a number of ticks that grows with its
   * bytecode size, and a cold parse spends that time in the interpreter (docs/gcode.md).
   */
  private readLine(buf: Uint8Array, start: number, end: number): number {
    const values = this.values;
    let seen = 0;
    this.gCount = 0;
    this.mCount = 0;
    this.rareSeen = 0;
    // Every line handed in ends with a newline inside `buf` (push and finish see to it), so the
    // loops over a word's spaces and digits stop at it without an `i < end` test per byte.
    let i = start;
    while (i < end) {
      const c = buf[i]!;
      if (c <= 32) {
        if (c === 10) break;
        i++;
        continue;
      }
      // A to Z in either case (c | 32 is the lower case of a letter, and no other byte lands in a-z).
      const letter = (c | 32) - 97;
      if (letter >= 0 && letter < 26) {
        i++;
        // One test for the rare blank after a letter (skipBlanks passes over spaces and tabs only).
        if (buf[i]! <= 32) i = skipBlanks(buf, i);
        let sign = 1;
        let d = buf[i]!;
        if (d === 45) {
          sign = -1;
          d = buf[++i]!;
        } else if (d === 43) {
          d = buf[++i]!;
        }
        // Digits are counted from positions, not per digit.
        const first = i;
        let whole = 0;
        let digit = d - 48;
        while (digit >= 0 && digit <= 9) {
          whole = whole * 10 + digit;
          digit = buf[++i]! - 48;
        }
        let digits = i - first;
        let value = whole;
        if (buf[i] === 46) {
          const point = i;
          let fraction = 0;
          let divisor = 1;
          digit = buf[++i]! - 48;
          while (digit >= 0 && digit <= 9) {
            fraction = fraction * 10 + digit;
            divisor *= 10;
            digit = buf[++i]! - 48;
          }
          digits += i - point - 1;
          value += fraction / divisor;
        }
        if (digits === 0) {
          i = this.readRareWord(buf, start, i, end, letter, sign);
          continue;
        }
        values[letter] = sign * value;
        if (letter === 6) {
          if (this.gCount < 16) this.gWords[this.gCount++] = Math.round(sign * value * 10);
        } else if (letter === 12) {
          this.addMWord();
        } else {
          seen |= 1 << letter;
        }
        continue;
      }
      i = this.readRare(buf, start, i, end, c);
    }
    this.seen = seen | this.rareSeen;
    this.execute();
    if (this.pendingAssignments.length > 0) this.assignParameters();
    this.lineIndex++;
    return i < end ? i + 1 : end;
  }

  /** An M word (its value in `values`): fewer lines have one than a G word, so not in readLine. */
  private addMWord(): void {
    if (this.mCount < 16) this.mWords[this.mCount++] = Math.round(this.values[12]!);
  }

  /** Words set by `readRareWord` on the current line (bits by letter, as in `seen`). */
  private rareSeen = 0;

  /**
   * A letter without a plain number: `X[expression]` or `X#parameter` (LinuxCNC), else an unknown
   * word. `at` is just after the letter, spaces and sign. Returns where reading goes on.
   */
  private readRareWord(
    buf: Uint8Array,
    start: number,
    at: number,
    end: number,
    letter: number,
    sign: number,
  ): number {
    const c = letter + 65;
    if (buf[at] !== 91 && buf[at] !== 35) {
      this.countUnknown(String.fromCharCode(c));
      return at;
    }
    const reader = this.expressionReader(buf, start, end);
    reader.pos = at - start;
    let value = reader.readAtom();
    const i = start + reader.pos;
    if (!Number.isFinite(value)) {
      this.countUnknown(`${String.fromCharCode(c)}[expr]`);
      // Skip the rest of the bracket, so its pieces are not counted as words too.
      return buf[at] === 91 ? skipBracket(buf, at, end) : i;
    }
    // The sign read before `[` (`Z-[#1/2]`) applies to the value.
    if (value < 0) {
      sign = -sign;
      value = -value;
    }
    if (letter === 6) {
      if (this.gCount < 16) this.gWords[this.gCount++] = Math.round(sign * value * 10);
    } else if (letter === 12) {
      if (this.mCount < 16) this.mWords[this.mCount++] = Math.round(sign * value);
    } else {
      this.values[letter] = sign * value;
      this.rareSeen |= 1 << letter;
    }
    return i;
  }

  /**
   * Anything but a word at `i`: comments, `#name = value` (applied after the line, as LinuxCNC
   * does), Grbl `$` commands, `%` and `/` (fine), else an unknown character. Returns where reading
   * goes on (at the newline for `;` comments and `$` lines). Comments are here, not in readLine:
   * every loop in readLine makes its compile longer, and a cold parse waits for that compile.
   */
  private readRare(buf: Uint8Array, start: number, i: number, end: number, c: number): number {
    if (c === 40) {
      // ( comment )
      while (i < end && buf[i] !== 41 && buf[i] !== 10) i++;
      return buf[i] === 41 ? i + 1 : i;
    }
    if (c === 59) {
      // ; comment to end of line
      while (i < end && buf[i] !== 10) i++;
      return i;
    }
    if (c === 35) return this.readAssignment(buf, start, i, end);
    if (c === 36) {
      // Grbl system command ($H, $X, ...): not G-code. $H homes: the position is unknown again.
      if ((buf[i + 1]! | 32) === 104 && i + 1 < end) this.positionKnown = false;
      else this.countUnknown(`$${end > i + 1 && buf[i + 1]! > 32 ? String.fromCharCode(buf[i + 1]!) : ""}`);
      while (i < end && buf[i] !== 10) i++;
      return i;
    }
    if (c !== 37 && c !== 47) this.countUnknown(String.fromCharCode(c)); // % and / are fine
    return i + 1;
  }

  /**
   * `#name = expression` at `i`: kept for the end of the line. A method of its own, so the
   * expression reader is not compiled into readRare, which every comment runs through.
   */
  private readAssignment(buf: Uint8Array, start: number, i: number, end: number): number {
    const reader = this.expressionReader(buf, start, end);
    reader.pos = i - start;
    const key = reader.readParameterKey();
    let value = Number.NaN;
    if (key !== null) {
      while (reader.codeAt(reader.pos) === 32) reader.pos++;
      if (reader.codeAt(reader.pos) === 61) {
        reader.pos++;
        value = reader.readExpression();
      }
    }
    if (key !== null && Number.isFinite(value)) this.pendingAssignments.push([key, value]);
    else this.countUnknown("#");
    return start + reader.pos;
  }

  private assignParameters(): void {
    for (const [key, value] of this.pendingAssignments) this.params.set(key, value);
    this.pendingAssignments = [];
  }

  /** The expression reader pointed at the current line's bytes (only lines with `[` or `#`). */
  private expressionReader(buf: Uint8Array, start: number, limit: number): ExpressionReader {
    const reader = (this.reader ??= new ExpressionReader(NEWLINE, this.params));
    if (this.readerLine === this.lineIndex) return reader;
    let end = start;
    while (end < limit && buf[end] !== 10) end++;
    reader.reset(buf, start, end);
    this.readerLine = this.lineIndex;
    return reader;
  }

  /** Modal words of the current line, set by applyG (fields: they outlive that call). */
  private lineMotion = MOTION_NONE;
  private lineMachine = false;
  private lineDwell = DOUBLE;
  private lineHome = false;
  private lineOffsets = 0;

  /** The G words of the line, in a function of their own (a big switch, not hot per byte). */
  private applyG(seen: number): void {
    const values = this.values;
    for (let k = 0; k < this.gCount; k++) {
      const g = this.gWords[k]!;
      switch (g) {
        case 0:
          this.lineMotion = MOTION_RAPID;
          break;
        case 10:
          this.lineMotion = MOTION_LINEAR;
          break;
        case 20:
          this.lineMotion = MOTION_CW;
          break;
        case 30:
          this.lineMotion = MOTION_CCW;
          break;
        case 40:
          this.lineDwell = (seen & P_BIT) !== 0 ? values[P_]! : 0;
          break;
        case 100:
          this.lineOffsets = 10;
          break;
        case 170:
        case 180:
        case 190:
          this.plane = g === 170 ? 17 : g === 180 ? 18 : 19;
          break;
        case 200:
          this.unit = MM_PER_INCH;
          this.hasInch = true;
          break;
        case 210:
          this.unit = 1;
          break;
        case 280:
        case 300:
          this.lineHome = true;
          break;
        case 382:
        case 383:
        case 384:
        case 385:
          this.lineMotion = MOTION_PROBE;
          break;
        case 530:
          this.lineMachine = true;
          break;
        case 540:
        case 550:
        case 560:
        case 570:
        case 580:
        case 590:
          this.wcs = (g - 540) / 10;
          this.updateOffset();
          break;
        case 800:
          this.lineMotion = MOTION_NONE;
          break;
        case 730:
        case 810:
        case 820:
        case 830:
        case 850:
        case 860:
        case 870:
        case 880:
        case 890:
          if (this.lineMotion !== MOTION_CANNED) this.cannedInitialZ = this.pos[2]!;
          this.lineMotion = MOTION_CANNED;
          break;
        case 900:
          this.isAbsolute = true;
          break;
        case 910:
          this.isAbsolute = false;
          break;
        case 901:
          this.isArcAbsolute = true;
          break;
        case 911:
          this.isArcAbsolute = false;
          break;
        case 920:
          this.lineOffsets = 92;
          break;
        case 921:
        case 922:
          this.g92.fill(0);
          this.updateOffset();
          break;
        case 930:
          this.isInverseTime = true;
          break;
        case 940:
          this.isInverseTime = false;
          break;
        case 980:
          this.cannedReturnToInitial = true;
          break;
        case 990:
          this.cannedReturnToInitial = false;
          break;
        default:
          if (!IGNORED_G.has(g)) this.countUnknown(`G${g % 10 === 0 ? g / 10 : (g / 10).toFixed(1)}`);
      }
    }
  }

  /** A T word: the tool for the following moves. */
  private selectTool(): void {
    this.tool = Math.max(0, Math.min(65535, Math.round(this.values[T_]!)));
    this.tools.add(this.tool);
  }

  /** The M words of the line. */
  private applyM(): void {
    for (let k = 0; k < this.mCount; k++) {
      const m = this.mWords[k]!;
      if (m === 3 || m === 4) {
        if (!this.spindleOn) this.pathPending = true;
        this.spindleOn = true;
        if (m === 4) this.sawM4 = true;
        this.recordSpeed();
      } else if (m === 5) {
        this.spindleOn = false;
      } else if (m === 6) {
        if (!this.tools.has(this.tool)) this.tools.add(this.tool);
      } else if (!IGNORED_M.has(m)) {
        this.countUnknown(`M${m}`);
      }
    }
    this.notePowerLevel();
  }

  /** G10 / G92 offsets or a G28 / G30 home move on this line (the line's axis words are theirs). */
  private applyRareMotion(seen: number, inch: boolean): void {
    if (this.lineOffsets !== 0) {
      this.applyOffsets(this.lineOffsets, seen, inch);
    } else {
      // G28/G30 go through the given point to a stored home whose place we do not know:
      // draw the move to the intermediate point only.
      if ((seen & AXES_MASK) !== 0) this.moveTo(MOTION_RAPID, seen, inch, false);
      this.positionKnown = false;
    }
  }

  /** Runs the words of one line in the order of RS274/NGC: modes, feed, spindle, tool, motion. */
  private execute(): void {
    const seen = this.seen;
    const values = this.values;
    this.lineMotion = this.motion;
    this.lineMachine = false;
    this.lineDwell = -1;
    this.lineHome = false;
    this.lineOffsets = 0;
    if (this.gCount > 0) {
      // Most lines carry one motion word (G0-G3): no call for those.
      const g = this.gWords[0]!;
      if (this.gCount !== 1) this.applyG(seen);
      else if (g === 10) this.lineMotion = MOTION_LINEAR;
      else if (g === 0) this.lineMotion = MOTION_RAPID;
      else if (g === 20) this.lineMotion = MOTION_CW;
      else if (g === 30) this.lineMotion = MOTION_CCW;
      else this.applyG(seen);
    }
    const motion = this.lineMotion;

    // The unit words above apply to the whole line, wherever they stood.
    const unit = this.unit;
    // Passed on as a flag: a fractional number argument would be boxed on every call.
    const inch = unit !== 1;

    if ((seen & F_BIT) !== 0) this.feed = values[F_]! * unit;
    if ((seen & S_BIT) !== 0) {
      this.speedBefore = this.spindleSpeed;
      this.spindleSpeed = values[S_]!;
      if (this.spindleOn) this.recordSpeed();
      this.notePowerLevel();
    }
    if ((seen & T_BIT) !== 0) this.selectTool();
    if (this.mCount > 0) this.applyM();
    if (this.lineDwell > 0) this.addDwell();
    this.motion = motion === MOTION_PROBE ? MOTION_LINEAR : motion;
    if (this.lineOffsets !== 0 || this.lineHome) {
      this.applyRareMotion(seen, inch);
      return;
    }

    const hasAxes = (seen & AXES_MASK) !== 0;
    if (hasAxes && (seen & S_BIT) !== 0) this.notePowerChange(motion);
    if (motion === MOTION_RAPID || motion === MOTION_LINEAR || motion === MOTION_PROBE) {
      if (hasAxes)
        this.moveTo(motion === MOTION_RAPID ? MOTION_RAPID : MOTION_LINEAR, seen, inch, this.lineMachine);
    } else if (motion === MOTION_CW || motion === MOTION_CCW) {
      if (hasAxes || (seen & CENTRE_MASK) !== 0) this.arcTo(motion, seen, inch);
    } else if (motion === MOTION_CANNED) {
      if (hasAxes) this.cannedCycle(seen, inch);
    } else if (hasAxes && (seen & ROTARY_MASK) === 0) {
      this.countUnknown("axes without motion");
    }
  }

  /** The S value before this line's S word (for notePowerChange). */
  private speedBefore = DOUBLE;

  /**
   * A move with an S word: power carried on the feed moves themselves (`G1X37S262`), how raster
   * lasers are written. Not in execute: its compile is paid by every cold parse, this only by files
   * that have such lines.
   */
  private notePowerChange(motion: number): void {
    if (
      this.spindleOn &&
      this.spindleSpeed !== this.speedBefore &&
      motion >= MOTION_LINEAR &&
      motion <= MOTION_CCW
    )
      this.powerChanges++;
  }

  /** A G4 dwell on this line, counted in the time estimate. */
  private addDwell(): void {
    this.minutes += this.lineDwell / 60;
    this.dwell += this.lineDwell / 60;
  }

  private recordSpeed(): void {
    const s = this.spindleSpeed;
    if (s === this.lastRecordedSpeed) return;
    this.lastRecordedSpeed = s;
    if (s > this.maxPower) this.maxPower = s;
    const speeds = this.speeds;
    const count = this.speedCount;
    if (count === MAX_SPEEDS) return;
    for (let k = 0; k < count; k++) if (speeds[k] === s) return;
    speeds[count] = s + 0; // -0 as 0, as a Set stores it
    this.speedCount = count + 1;
  }

  private applyOffsets(kind: number, seen: number, inch: boolean): void {
    const unit = inch ? MM_PER_INCH : 1;
    const values = this.values;
    const l = kind === 10 && (seen & L_BIT) !== 0 ? values[L_]! : 0;
    const p = kind === 10 && (seen & P_BIT) !== 0 ? Math.round(values[P_]!) : 0;
    if (!this.positionKnown && (kind === 92 || (l === 20 && (p === 0 || p - 1 === this.wcs)))) {
      // At the start or after homing we do not know where the machine is; G92 / G10 L20 tell us
      // where it is in the work coordinates we draw in. A move already drawn gets a rapid to it.
      const isAbsolute = this.isAbsolute;
      this.isAbsolute = true;
      this.target(seen, inch, false);
      this.isAbsolute = isAbsolute;
      if (this.segments === 0) {
        this.pos.set(this.tgt);
      } else {
        this.rapidToTarget();
      }
      this.positionKnown = true;
      return;
    }
    if (kind === 92) {
      // G92: the current point gets the given coordinates.
      for (let a = 0; a < 3; a++) {
        if ((seen & (1 << (X_ + a))) === 0) continue;
        this.g92[a] = this.pos[a]! - this.wcsOffsets[this.wcs * 3 + a]! - values[X_ + a]! * unit;
      }
      this.updateOffset();
      return;
    }
    // G10 L2 Pn: set offset n; G10 L20 Pn: make the current point have the given coordinates.
    if (l !== 2 && l !== 20) {
      this.countUnknown(`G10 L${l}`);
      return;
    }
    const index = p === 0 ? this.wcs : p - 1;
    if (index < 0 || index > 8) return;
    for (let a = 0; a < 3; a++) {
      if ((seen & (1 << (X_ + a))) === 0) continue;
      const v = values[X_ + a]! * unit;
      this.wcsOffsets[index * 3 + a] = l === 2 ? v : this.pos[a]! - this.g92[a]! - v;
    }
    this.updateOffset();
  }

  /** Target (and next vertex) as a typed array: doubles passed to calls would be boxed. */
  private readonly tgt = new Float64Array(3);
  private readonly arcEnd = new Float64Array(3);

  /** The target of the line's axis words in machine millimetres, into `tgt`; nothing moves. */
  private target(seen: number, inch: boolean, isMachine: boolean): void {
    this.moveTo(MOTION_NONE, seen, inch, isMachine);
  }

  /**
   * A straight move (MOTION_RAPID or MOTION_LINEAR) to the target of the line's axis words, which
   * it puts in `tgt`; MOTION_NONE only sets the target. The target is worked out here, not in a
   * helper: the function is then past V8's size limit for inlining and is compiled once on its own,
   * instead of once more inside `execute` (each compile is paid by a cold parse: docs/performance.md).
   */
  private moveTo(kind: number, seen: number, inch: boolean, isMachine: boolean): void {
    const unit = inch ? MM_PER_INCH : 1;
    const values = this.values;
    const pos = this.pos;
    // Coordinates in locals: V8 cannot tell `pos` and `tgt` apart, so it would load them again
    // after every store to either (more code to compile, more work per move).
    const x = pos[0]!;
    const y = pos[1]!;
    const z = pos[2]!;
    // What a word is added to: the work offset (none in machine coordinates) when absolute, the
    // position when relative. One sum per axis, not one per mode (a + b is exactly b + a).
    const offset = this.offset;
    const relative = !this.isAbsolute && !isMachine;
    const baseX = relative ? x : isMachine ? 0 : offset[0]!;
    const baseY = relative ? y : isMachine ? 0 : offset[1]!;
    const baseZ = relative ? z : isMachine ? 0 : offset[2]!;
    const toX = (seen & X_BIT) === 0 ? x : baseX + values[X_]! * unit;
    const toY = (seen & Y_BIT) === 0 ? y : baseY + values[Y_]! * unit;
    const toZ = (seen & Z_BIT) === 0 ? z : baseZ + values[Z_]! * unit;
    const t = this.tgt;
    t[0] = toX;
    t[1] = toY;
    t[2] = toZ;
    if (kind === MOTION_NONE) return;
    const dx = toX - x;
    const dy = toY - y;
    const dz = toZ - z;
    if (dx === 0 && dy === 0 && dz === 0) return;
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const isRapid = kind === MOTION_RAPID;
    if (isRapid) {
      this.rapidMoves++;
      this.rapidLength += length;
      this.minutes += length / this.rapidFeed;
    } else {
      this.linearMoves++;
      this.cutLength += length;
      this.minutes +=
        this.isInverseTime && this.feed > 0 ? 1 / (this.feed / this.unit) : length / this.feedRate();
    }
    // One call site: V8 inlines emit into each caller's optimised code once per call site, and
    // every copy is compiled again (background compile time counts in a cold parse).
    this.emit(isRapid ? SEGMENT_KIND.rapid : SEGMENT_KIND.cut, !isRapid);
  }

  private rapidToTarget(): void {
    const pos = this.pos;
    const t = this.tgt;
    const dx = t[0]! - pos[0]!;
    const dy = t[1]! - pos[1]!;
    const dz = t[2]! - pos[2]!;
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (length === 0) return;
    this.rapidMoves++;
    this.rapidLength += length;
    this.minutes += length / this.rapidFeed;
    this.emit(SEGMENT_KIND.rapid, false);
  }

  private feedRate(): number {
    return this.feed > 0 ? this.feed : this.defaultFeed;
  }

  /** G2/G3 in the active plane, centre (I/J/K) or radius (R) form, helical when the third axis moves. */
  private arcTo(motion: number, seen: number, inch: boolean): void {
    const unit = inch ? MM_PER_INCH : 1;
    this.target(seen, inch, false);
    const values = this.values;
    const pos = this.pos;
    // Plane axes (first, second) and the linear axis: G17 XY/Z, G18 ZX/Y, G19 YZ/X.
    const plane = this.plane;
    const a0 = plane === 17 ? 0 : plane === 18 ? 2 : 1;
    const a1 = plane === 17 ? 1 : plane === 18 ? 0 : 2;
    const a2 = 3 - a0 - a1;
    const o0 = I_ + a0; // the centre word for each axis: I for X, J for Y, K for Z
    const o1 = I_ + a1;
    const t = this.arcEnd;
    t.set(this.tgt);
    const s0 = pos[a0]!;
    const s1 = pos[a1]!;
    const e0 = t[a0]!;
    const e1 = t[a1]!;
    const clockwise = motion === MOTION_CW;
    let c0: number;
    let c1: number;
    if ((seen & R_BIT) !== 0) {
      let r = values[R_]! * unit;
      const x = e0 - s0;
      const y = e1 - s1;
      const chord = Math.sqrt(x * x + y * y);
      if (chord === 0) {
        this.countUnknown("R arc without end point");
        return;
      }
      let h = -Math.sqrt(Math.max(0, 4 * r * r - x * x - y * y)) / chord;
      if (!clockwise) h = -h;
      if (r < 0) {
        h = -h;
        r = -r;
      }
      c0 = s0 + 0.5 * (x - y * h);
      c1 = s1 + 0.5 * (y + x * h);
    } else {
      const has0 = (seen & (1 << o0)) !== 0;
      const has1 = (seen & (1 << o1)) !== 0;
      if (this.isArcAbsolute) {
        const base = this.wcs * 3;
        c0 = has0 ? values[o0]! * unit + this.wcsOffsets[base + a0]! + this.g92[a0]! : s0;
        c1 = has1 ? values[o1]! * unit + this.wcsOffsets[base + a1]! + this.g92[a1]! : s1;
      } else {
        c0 = s0 + (has0 ? values[o0]! * unit : 0);
        c1 = s1 + (has1 ? values[o1]! * unit : 0);
      }
    }
    const startAngle = Math.atan2(s1 - c1, s0 - c0);
    const endAngle = Math.atan2(e1 - c1, e0 - c0);
    let sweep = clockwise ? startAngle - endAngle : endAngle - startAngle;
    if (sweep < 0) sweep += TWO_PI;
    if (sweep < 1e-9) sweep = TWO_PI; // same start and end: a full circle
    const turns = (seen & P_BIT) !== 0 ? Math.max(1, Math.round(values[P_]!)) : 1;
    sweep += (turns - 1) * TWO_PI;
    // Math.sqrt, not Math.hypot: hypot's arguments are boxed in optimised code.
    const r0 = Math.sqrt((s0 - c0) * (s0 - c0) + (s1 - c1) * (s1 - c1));
    const r1 = Math.sqrt((e0 - c0) * (e0 - c0) + (e1 - c1) * (e1 - c1));
    const radius = Math.max(r0, r1);
    const step =
      radius > this.arcTolerance
        ? Math.max(2 * Math.acos(1 - this.arcTolerance / radius), TWO_PI / 200)
        : Math.PI / 2;
    const n = Math.max(1, Math.ceil(sweep / step));
    const s2 = pos[a2]!;
    const e2 = t[a2]!;
    const direction = clockwise ? -1 : 1;
    const flat = sweep * (r0 + r1) * 0.5;
    const arcLength = Math.sqrt(flat * flat + (e2 - s2) * (e2 - s2));
    this.arcMoves++;
    this.cutLength += arcLength;
    this.minutes +=
      this.isInverseTime && this.feed > 0 ? 1 / (this.feed / this.unit) : arcLength / this.feedRate();
    const point = this.tgt;
    const hasLength = arcLength > 0;
    for (let k = 1; k <= n; k++) {
      if (k === n) {
        point.set(t);
      } else {
        const f = k / n;
        const angle = startAngle + direction * sweep * f;
        const r = r0 + (r1 - r0) * f;
        point[a0] = c0 + r * Math.cos(angle);
        point[a1] = c1 + r * Math.sin(angle);
        point[a2] = s2 + (e2 - s2) * f;
      }
      this.emit(SEGMENT_KIND.arc, hasLength);
    }
    // The chords stay inside the arc: add the arc's own extremes, where it crosses 0, 90, 180 or
    // 270 degrees between its end points (the ends are in the boxes already).
    const apex = this.apex;
    const powered = this.runPower > 0;
    for (let q = 0; q < 4; q++) {
      let d = direction > 0 ? q * HALF_PI - startAngle : startAngle - q * HALF_PI;
      d -= TWO_PI * Math.floor(d / TWO_PI);
      if (d <= 0 || d >= sweep) continue;
      const f = d / sweep;
      const r = r0 + (r1 - r0) * f;
      apex[a0] = c0 + r * QUADRANT_COS[q]!;
      apex[a1] = c1 + r * QUADRANT_SIN[q]!;
      apex[a2] = s2 + (e2 - s2) * f;
      growBox(this.cutBox, apex);
      if (powered && !this.poweredBoxIsCutBox) growBox(this.poweredBox, apex);
    }
  }

  /** G73/G81-G89 drilling: rapid over the hole, rapid to R, feed to Z, rapid back (absolute Z only). */
  private cannedCycle(seen: number, inch: boolean): void {
    const unit = inch ? MM_PER_INCH : 1;
    const values = this.values;
    const zOffset = this.wcsOffsets[this.wcs * 3 + 2]! + this.g92[2]!;
    if ((seen & R_BIT) !== 0) this.cannedRetract = values[R_]! * unit + zOffset;
    const bottom = (seen & Z_BIT) !== 0 ? values[Z_]! * unit + zOffset : this.pos[2]!;
    const values0 = values[Z_]!;
    // Over the hole at the current height.
    this.moveTo(MOTION_RAPID, seen & (X_BIT | Y_BIT), inch, false);
    const retract = this.cannedRetract;
    const clearance = this.cannedReturnToInitial ? Math.max(this.cannedInitialZ, retract) : retract;
    this.moveToZ(MOTION_RAPID, retract);
    this.moveToZ(MOTION_LINEAR, bottom);
    this.moveToZ(MOTION_RAPID, clearance);
    values[Z_] = values0;
  }

  /** A powered cut once some cut was not: its start (unless already in) and end. */
  private growPoweredBox(): void {
    if (!this.lastPowered) growBox(this.poweredBox, this.pos);
    growBox(this.poweredBox, this.tgt);
  }

  /** The first unpowered cut: the powered box so far is the cut box so far (poweredBoxIsCutBox). */
  private separatePoweredBox(): void {
    this.poweredBox.set(this.cutBox);
    this.poweredBoxIsCutBox = false;
  }

  private moveToZ(kind: number, z: number): void {
    const saveAbsolute = this.isAbsolute;
    this.isAbsolute = true;
    const zOffset = this.wcsOffsets[this.wcs * 3 + 2]! + this.g92[2]!;
    this.values[Z_] = z - zOffset;
    this.moveTo(kind, Z_BIT, false, false);
    this.isAbsolute = saveAbsolute;
  }

  /**
   * Appends a segment from the current position to the target (`tgt`) and updates the extents.
   * `hasLength` tells a real feed move from a zero-length one (laser detection).
   */
  private emit(kind: number, hasLength: boolean): void {
    const pos = this.pos;
    const t = this.tgt;
    // The target in locals (see moveTo): read once, whatever is stored below.
    const toX = t[0]!;
    const toY = t[1]!;
    const toZ = t[2]!;
    // One box per segment: rapids grow `box` (the extent of everything is its union with the cut
    // box, taken at the end), cuts grow `cutBox`. The start of a segment is the end of the previous
    // one: it is only added when that one was not already counted in the same box.
    let cut = false;
    let powered = false;
    let box: Float64Array;
    if (kind === SEGMENT_KIND.rapid) {
      box = this.box;
      if (this.lastCut || this.segments === 0) growBox(box, pos);
    } else {
      cut = true;
      box = this.cutBox;
      if (!this.frameKnown) this.captureFrame();
      if (hasLength && this.feed !== this.lastRangeFeed) this.noteFeed();
      // The power of this cut (S while the spindle is on): its run's (see runPower).
      if (this.runPower > 0) {
        powered = true;
        if (this.pathPending && hasLength) {
          this.switchedPaths++;
          this.pathPending = false;
        }
        if (!this.poweredBoxIsCutBox) this.growPoweredBox();
      } else {
        if (this.spindleOn && hasLength) this.sawUnpoweredFeed = true;
        if (this.poweredBoxIsCutBox) this.separatePoweredBox();
      }
      if (!this.lastCut) growBox(box, pos);
    }
    // The target, written out: a growBox call per segment would be compiled on its own as well as
    // inside emit (a cold parse pays for every compile).
    if (toX < box[0]!) box[0] = toX;
    if (toY < box[1]!) box[1] = toY;
    if (toZ < box[2]!) box[2] = toZ;
    if (toX > box[3]!) box[3] = toX;
    if (toY > box[4]!) box[4] = toY;
    if (toZ > box[5]!) box[5] = toZ;
    this.lastCut = cut;
    this.lastPowered = powered;
    const store = this.store;
    if (store !== null) {
      const i = this.segments;
      if (i === store.capacity) store.grow();
      const vertices = store.vertices;
      if (i === 0) {
        vertices[0] = pos[0]!;
        vertices[1] = pos[1]!;
        vertices[2] = pos[2]!;
      }
      const v = (i + 1) * 3;
      vertices[v] = toX;
      vertices[v + 1] = toY;
      vertices[v + 2] = toZ;
      // The arrays start zero-filled: zeros are not written, so a program without T words never
      // touches those pages at all (power is written from its runs, see runPower).
      if (kind !== 0) store.kinds[i] = kind;
      if (this.tool !== 0) store.tools[i] = this.tool;
      store.lines[i] = this.lineIndex;
    }
    this.segments++;
    this.positionKnown = true;
    pos[0] = toX;
    pos[1] = toY;
    pos[2] = toZ;
  }
}

/** Index of the first byte at or after `i` that is not a space or a tab (`X 12.5`: rare). */
function skipBlanks(buf: Uint8Array, i: number): number {
  while (buf[i] === 32 || buf[i] === 9) i++;
  return i;
}

/**
 * Vertices from machine mm to the program's frame (origin `frame`) in display units. The long
 * loops of finish() are functions of their own: V8 optimises a loop while it runs, and code after
 * it in the same function, run once per parse, has no type feedback (a bailout on x02).
 */
function toDisplayFrame(vertices: Float32Array, frame: Float64Array, scale: number): void {
  const fx = frame[0]!;
  const fy = frame[1]!;
  const fz = frame[2]!;
  for (let i = 0; i < vertices.length; i += 3) {
    vertices[i] = (vertices[i]! - fx) * scale;
    vertices[i + 1] = (vertices[i + 1]! - fy) * scale;
    vertices[i + 2] = (vertices[i + 2]! - fz) * scale;
  }
}

/** Laser power as a percentage (`percent` = 100 / the file's highest S). */
function scalePower(power: Float32Array, percent: number): void {
  for (let i = 0; i < power.length; i++) power[i] = power[i]! * percent;
}

/** Index after the `]` that closes the `[` at `open` (or the line's end). */
function skipBracket(buf: Uint8Array, open: number, end: number): number {
  let depth = 0;
  for (let k = open; k < end; k++) {
    const c = buf[k];
    if (c === 10) return k;
    if (c === 91) depth++;
    else if (c === 93 && --depth === 0) return k + 1;
  }
  return end;
}

function unionBox(box: Float64Array, other: Float64Array): void {
  for (let a = 0; a < 3; a++) {
    if (other[a]! < box[a]!) box[a] = other[a]!;
    if (other[a + 3]! > box[a + 3]!) box[a + 3] = other[a + 3]!;
  }
}

function growBox(box: Float64Array, p: Float64Array): void {
  const x = p[0]!;
  const y = p[1]!;
  const z = p[2]!;
  if (x < box[0]!) box[0] = x;
  if (y < box[1]!) box[1] = y;
  if (z < box[2]!) box[2] = z;
  if (x > box[3]!) box[3] = x;
  if (y > box[4]!) box[4] = y;
  if (z > box[5]!) box[5] = z;
}

/** A box in display units, moved into the frame whose origin is `origin` (machine mm). */
function toBox(box: Float64Array, scale: number, origin: Float64Array): Box3 | null {
  if (box[0] === Infinity) return null;
  const [x, y, z] = [origin[0]!, origin[1]!, origin[2]!];
  return {
    min: [(box[0]! - x) * scale, (box[1]! - y) * scale, (box[2]! - z) * scale],
    max: [(box[3]! - x) * scale, (box[4]! - y) * scale, (box[5]! - z) * scale],
  };
}

/** The warm-up run (lib/gcode/warm-up.ts): a throwaway parser over the sample program. */
function runWarmUp(bytes: Uint8Array, collectGeometry: boolean): void {
  const parser = new GcodeParser({ collectGeometry, expectedBytes: bytes.length });
  parser.push(bytes);
  parser.finish();
}

/** Parses a whole file held in memory (string or bytes). */
export function parseGcode(input: string | Uint8Array, options: GcodeParseOptions = {}): GcodeParseResult {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const parser = new GcodeParser({ expectedBytes: bytes.length, ...options });
  parser.push(bytes);
  return parser.finish();
}

/** Parses a stream of bytes chunk by chunk (web ReadableStream or any async iterable). */
export async function parseGcodeStream(
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: GcodeParseOptions & { onProgress?: (bytesRead: number) => void } = {},
): Promise<GcodeParseResult> {
  const parser = new GcodeParser(options);
  if ("getReader" in stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
      options.onProgress?.(parser.bytesRead);
    }
  } else {
    for await (const chunk of stream) {
      parser.push(chunk);
      options.onProgress?.(parser.bytesRead);
    }
  }
  return parser.finish();
}
