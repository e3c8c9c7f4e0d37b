import { INTERPRETER_WASM_BASE64 } from "./core/interpreter-wasm";
import { ASSUMED_RAPID_MM_PER_MIN, DEFAULT_FEED_MM_PER_MIN } from "./estimate-defaults";
import { ExpressionReader, type ParameterStore } from "./expression";
import { SEGMENT_KIND } from "./toolpath";

/*
 * A streaming G-code interpreter: bytes in (chunk by chunk), a toolpath out as typed arrays plus
 * statistics. No DOM and no Node API, so the same code runs in the viewer's Web Worker, on the
 * server (upload analysis) and in the seed.
 *
 * The interpreter itself is WebAssembly (lib/gcode/core/interpreter.ts, in AssemblyScript): this
 * class copies the bytes into its input window, runs it over whole lines, gives it what stays in
 * JavaScript (LinuxCNC expressions, the names of unknown words, the trigonometric functions), copies
 * the segments it finishes into the output arrays, and assembles the statistics at the end. Why
 * WebAssembly: a single parse in a fresh process is what users get, and in JavaScript most of it
 * went to V8's optimising compiles (docs/performance.md, "G-code parser"; ADR 024).
 *
 * Speed comes from reading bytes directly (no strings, no regular expressions, no object per word
 * or per line) and from storing the path as one vertex strip: the machine never jumps, so segment
 * i runs from vertex i to vertex i+1 and each segment costs 12 bytes of coordinates, not 24.
 * Coordinates are kept in machine millimetres while parsing and converted once at the end: to the
 * file's display units ("any G20 means inches", the spec's rule) and to the program's frame (the
 * work offset at the first cut taken off, so the program's X0 Y0 Z0 is 0, 0, 0; docs/gcode.md).
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

const MAX_UNKNOWN_KINDS = 50;
const NEWLINE = Uint8Array.of(10);

/** An exported global of the interpreter (a number; booleans are 0 or 1). */
interface CoreGlobal {
  readonly value: number;
}

/** The interpreter's exports (lib/gcode/core/interpreter.ts). */
interface CoreExports {
  memory: WebAssembly.Memory;
  init(geometry: number, tolerance: number, rapid: number, fallbackFeed: number, runs: number): void;
  run(start: number, end: number): void;
  ensureInput(bytes: number): number;
  finish(): void;
  regions(): number;
  stagedFlags(): number;
  inputCapacity: CoreGlobal;
  segments: CoreGlobal;
  lineIndex: CoreGlobal;
  hasInch: CoreGlobal;
  sawM4: CoreGlobal;
  sawUnpoweredFeed: CoreGlobal;
  powerChanges: CoreGlobal;
  switchedPaths: CoreGlobal;
  powerMin: CoreGlobal;
  powerMax: CoreGlobal;
  feedMin: CoreGlobal;
  feedMax: CoreGlobal;
  dwell: CoreGlobal;
  rapidMoves: CoreGlobal;
  linearMoves: CoreGlobal;
  arcMoves: CoreGlobal;
  cutLength: CoreGlobal;
  rapidLength: CoreGlobal;
  minutes: CoreGlobal;
  maxPower: CoreGlobal;
  speedCount: CoreGlobal;
  runCount: CoreGlobal;
  UNKNOWN_LETTER: CoreGlobal;
  UNKNOWN_DOLLAR: CoreGlobal;
  UNKNOWN_CHARACTER: CoreGlobal;
  UNKNOWN_G: CoreGlobal;
  UNKNOWN_M: CoreGlobal;
  UNKNOWN_G10_L: CoreGlobal;
  UNKNOWN_AXES_WITHOUT_MOTION: CoreGlobal;
  UNKNOWN_R_ARC_WITHOUT_END: CoreGlobal;
}

/**
 * What the interpreter imports (module "env"; see its declarations). A type, not an interface:
 * WebAssembly's import object wants an index signature, which only a type alias gets implicitly.
 */
type CoreImports = {
  unknownWord(kind: number, code: number, value: number): void;
  expressionWord(letter: number, lineStart: number, at: number, end: number, line: number): number;
  assignment(lineStart: number, at: number, end: number, line: number): number;
  applyAssignments(): void;
  flushSegments(first: number, count: number): void;
  writePowerRuns(count: number, segments: number): void;
  sin(x: number): number;
  cos(x: number): number;
  atan2(y: number, x: number): number;
  acos(x: number): number;
};

/** The interpreter's regions, in the order `regions` writes their byte offsets. */
const REGION_NAMES = [
  "values",
  "gWords",
  "mWords",
  "wcsOffsets",
  "g92",
  "offset",
  "pos",
  "tgt",
  "frame",
  "box",
  "cutBox",
  "poweredBox",
  "speeds",
  "toolBits",
  "runStarts",
  "runPowers",
  "stageVertices",
  "stageKinds",
  "stageTools",
  "stageLines",
  "firstVertex",
  "exprValue",
  "input",
] as const;
type Regions = Record<(typeof REGION_NAMES)[number], number>;

/** Compiled once per process (or Worker); each parser gets its own instance and memory. */
let coreModule: WebAssembly.Module | null = null;

function compiledCore(): WebAssembly.Module {
  if (!coreModule) {
    const binary = atob(INTERPRETER_WASM_BASE64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    coreModule = new WebAssembly.Module(bytes);
  }
  return coreModule;
}

/** The output arrays, grown by half when a block of segments does not fit. */
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

export class GcodeParser {
  bytesRead = 0;
  private readonly core: CoreExports;
  private readonly at: Regions;
  /** Views of the interpreter's memory, made again when it grows (see `refreshViews`). */
  private bytes!: Uint8Array;
  private f64!: Float64Array;
  /** The input window: `bytes` from the window's start. */
  private window!: Uint8Array;
  /** Bytes of an unfinished line at the start of the input window. */
  private carryLength = 0;
  private store: Growable | null;
  /** Some power runs are in the power array already (the runs buffer filled up). */
  private powerWritten = false;
  private unknown = 0;
  private readonly unknownCounts = new Map<string, number>();
  private pendingAssignments: Array<[string, number]> = [];
  private readonly params: ParameterStore = new Map();
  private reader: ExpressionReader | null = null;
  private readerLine = -1;

  constructor(options: GcodeParseOptions = {}) {
    const instance = new WebAssembly.Instance(compiledCore(), { env: this.imports() });
    this.core = instance.exports as unknown as CoreExports;
    const collectGeometry = options.collectGeometry ?? true;
    // One power run per KiB of file, at most 1024 (a raster laser changes power on every line).
    const runs = Math.min(1024, Math.max(2, (options.expectedBytes ?? 0) >> 10));
    this.core.init(
      collectGeometry ? 1 : 0,
      options.arcTolerance ?? 0.02,
      options.rapidFeedMmPerMin ?? ASSUMED_RAPID_MM_PER_MIN,
      options.defaultFeedMmPerMin ?? DEFAULT_FEED_MM_PER_MIN,
      runs,
    );
    const offsets = new Int32Array(this.core.memory.buffer, this.core.regions(), REGION_NAMES.length);
    this.at = Object.fromEntries(REGION_NAMES.map((name, k) => [name, offsets[k]!])) as Regions;
    this.refreshViews();
    // Real files average one segment per 17-22 bytes; arc-heavy ones more, and the store grows.
    const guess = options.expectedBytes ? Math.ceil(options.expectedBytes / 16) : 4096;
    this.store = collectGeometry ? new Growable(Math.max(64, guess)) : null;
  }

  /** Feeds the next bytes; a line split between chunks is carried over to the next call. */
  push(chunk: Uint8Array): void {
    this.bytesRead += chunk.length;
    const input = this.at.input;
    let from = 0;
    while (from < chunk.length) {
      const room = this.inputCapacity() - this.carryLength;
      const take = Math.min(room, chunk.length - from);
      this.window.set(chunk.subarray(from, from + take), this.carryLength);
      from += take;
      const filled = this.carryLength + take;
      // The carried bytes have no newline: only the new ones can end a line.
      const found = this.window.subarray(this.carryLength, filled).lastIndexOf(10);
      const last = found < 0 ? -1 : this.carryLength + found;
      if (last >= 0) {
        this.core.run(input, input + last + 1);
        this.window.copyWithin(0, last + 1, filled);
        this.carryLength = filled - (last + 1);
      } else {
        // No newline yet: the line goes on into the next bytes; a line longer than the window
        // makes the window larger.
        this.carryLength = filled;
        if (filled === this.inputCapacity()) this.growInput(filled * 2);
      }
    }
  }

  /** Reads the last line (if it has no newline) and returns the toolpath and statistics. */
  finish(): GcodeParseResult {
    const core = this.core;
    if (this.carryLength > 0) {
      if (this.carryLength === this.inputCapacity()) this.growInput(this.carryLength + 1);
      this.bytes[this.at.input + this.carryLength] = 10;
      core.run(this.at.input, this.at.input + this.carryLength + 1);
      this.carryLength = 0;
    }
    core.finish();
    const laserRule = this.laserRule();
    const isLaser = laserRule !== null;
    const hasInch = core.hasInch.value !== 0;
    const units = hasInch ? "inch" : "mm";
    const scale = hasInch ? 1 / MM_PER_INCH : 1;
    const frame = this.vector("frame", 3);
    const box = this.vector("box", 6);
    const cutBounds = toBox(this.vector(isLaser ? "poweredBox" : "cutBox", 6), scale, frame);
    const powerMax = core.powerMax.value;
    const feedMax = core.feedMax.value;
    const hasPower = isLaser && powerMax > 0;
    const speeds = this.vector("speeds", core.speedCount.value);
    const stats: GcodeStats = {
      units,
      lineCount: core.lineIndex.value,
      segmentCount: core.segments.value,
      rapidMoves: core.rapidMoves.value,
      linearMoves: core.linearMoves.value,
      arcMoves: core.arcMoves.value,
      bounds: toBox(box, scale, frame),
      cutBounds,
      cutDistance: core.cutLength.value * scale,
      rapidDistance: core.rapidLength.value * scale,
      estimatedSeconds: core.minutes.value * 60,
      tools: this.toolNumbers(),
      spindleSpeeds: isLaser ? [] : Array.from(speeds).sort((a, b) => a - b),
      maxPower: core.maxPower.value,
      powerRange: hasPower ? { min: core.powerMin.value, max: powerMax } : null,
      minCutZ: cutBounds ? cutBounds.min[2] : null,
      isLaser,
      laserRule,
      workOffset: [frame[0]! * scale, frame[1]! * scale, frame[2]! * scale],
      machineBounds: toBox(box, scale, new Float64Array(3)),
      feedRange: feedMax > 0 ? { min: core.feedMin.value * scale, max: feedMax * scale } : null,
      dwellSeconds: core.dwell.value * 60,
      unknownWords: this.unknown,
      unknownWordCounts: Object.fromEntries(this.unknownCounts),
    };
    return { stats, toolpath: this.buildToolpath(units, scale, frame, hasPower ? powerMax : 0) };
  }

  /** The laser rule that matches, in the order of docs/gcode.md, or null (an endmill job). */
  private laserRule(): LaserRule | null {
    const core = this.core;
    if (core.sawM4.value !== 0) return "M4";
    if (core.powerChanges.value >= LASER_POWER_CHANGES) return "powerOnFeeds";
    const powered = this.vector("poweredBox", 6);
    if (
      core.switchedPaths.value >= LASER_SWITCH_ONS &&
      powered[0] !== Infinity &&
      powered[5]! - powered[2]! <= 1e-6
    )
      return "switchedPerPath";
    const cut = this.vector("cutBox", 6);
    if (core.sawUnpoweredFeed.value !== 0 && cut[2] === cut[5] && core.maxPower.value > 0)
      return "unpoweredFeeds";
    return null;
  }

  /**
   * The strip in display units and the program's frame; laser power as 0-100 % of `fullPower`
   * (the highest S of the file), 0 everywhere for endmill jobs (`fullPower` 0).
   */
  private buildToolpath(
    units: "mm" | "inch",
    scale: number,
    frame: Float64Array,
    fullPower: number,
  ): ParsedToolpath | null {
    const store = this.store;
    if (!store) return null;
    this.store = null;
    const n = this.core.segments.value;
    // Trim only when much is unused: a copy costs memory at the peak.
    const trim = store.capacity > n * 1.5 + 4096;
    const take = <T extends Float32Array | Uint8Array | Uint16Array | Uint32Array>(
      array: T,
      length: number,
    ): T => (trim ? array.slice(0, length) : array.subarray(0, length)) as T;
    const vertices = take(store.vertices, (n + 1) * 3);
    if (scale !== 1 || frame[0] !== 0 || frame[1] !== 0 || frame[2] !== 0)
      toDisplayFrame(vertices, frame, scale);
    if (fullPower > 0) this.writePowerRuns(store, this.core.runCount.value, n);
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

  /** What the interpreter calls back (see the imports of lib/gcode/core/interpreter.ts). */
  private imports(): CoreImports {
    return {
      unknownWord: (kind, code, value) => this.countUnknown(this.unknownWordName(kind, code, value)),
      expressionWord: (letter, lineStart, at, end, line) =>
        this.expressionWord(letter, lineStart, at, end, line),
      assignment: (lineStart, at, end, line) => this.readAssignment(lineStart, at, end, line),
      applyAssignments: () => this.assignParameters(),
      flushSegments: (first, count) => this.flushSegments(first, count),
      writePowerRuns: (count, segments) => {
        if (this.store) this.writePowerRuns(this.store, count, segments);
      },
      sin: Math.sin,
      cos: Math.cos,
      atan2: Math.atan2,
      acos: Math.acos,
    };
  }

  private inputCapacity(): number {
    return this.core.inputCapacity.value;
  }

  /** A larger input window (WebAssembly memory grows in place; the views are made again). */
  private growInput(bytes: number): void {
    if (!this.core.ensureInput(bytes)) throw new Error("G-code parser: a line is too long for memory");
    this.refreshViews();
  }

  private refreshViews(): void {
    this.bytes = new Uint8Array(this.core.memory.buffer);
    this.f64 = new Float64Array(this.core.memory.buffer);
    this.window = this.bytes.subarray(this.at.input);
  }

  /** `length` numbers of one of the interpreter's f64 regions, copied. */
  private vector(
    name: "frame" | "box" | "cutBox" | "poweredBox" | "speeds" | "firstVertex",
    length: number,
  ): Float64Array {
    const start = this.at[name] >> 3;
    return this.f64.slice(start, start + length);
  }

  /** The tools seen, ascending (one bit per tool number in the interpreter's memory). */
  private toolNumbers(): number[] {
    const bits = this.bytes.subarray(this.at.toolBits, this.at.toolBits + 65536 / 8);
    const tools: number[] = [];
    for (let byte = 0; byte < bits.length; byte++) {
      if (bits[byte] === 0) continue;
      for (let bit = 0; bit < 8; bit++) if ((bits[byte]! >> bit) & 1) tools.push(byte * 8 + bit);
    }
    return tools;
  }

  /** Copies `count` staged segments, from segment `first`, into the output arrays. */
  private flushSegments(first: number, count: number): void {
    const store = this.store;
    if (!store) return;
    while (first + count > store.capacity) store.grow();
    const memory = this.core.memory.buffer;
    // Vertex 0: where the first segment starts.
    if (first === 0) store.vertices.set(this.vector("firstVertex", 3));
    store.vertices.set(new Float32Array(memory, this.at.stageVertices, count * 3), (first + 1) * 3);
    store.lines.set(new Uint32Array(memory, this.at.stageLines, count), first);
    // The arrays start zero-filled: blocks of zeros (rapids only, no T word) are not copied, so a
    // program without T words never touches those pages.
    const flags = this.core.stagedFlags();
    if (flags & 1) store.kinds.set(new Uint8Array(memory, this.at.stageKinds, count), first);
    if (flags & 2) store.tools.set(new Uint16Array(memory, this.at.stageTools, count), first);
  }

  /** Writes the power runs so far into the power array (cuts only: rapids have no power). */
  private writePowerRuns(store: Growable, count: number, segments: number): void {
    const memory = this.core.memory.buffer;
    const starts = new Int32Array(memory, this.at.runStarts, count);
    const powers = new Float64Array(memory, this.at.runPowers, count);
    const kinds = store.kinds;
    const power = store.power;
    for (let k = 0; k < count; k++) {
      const value = powers[k]!;
      if (value === 0) continue;
      const to = k + 1 < count ? starts[k + 1]! : segments;
      for (let i = starts[k]!; i < to; i++) if (kinds[i] !== SEGMENT_KIND.rapid) power[i] = value;
    }
    this.powerWritten = true;
  }

  private countUnknown(word: string): void {
    this.unknown++;
    const count = this.unknownCounts.get(word);
    if (count !== undefined) this.unknownCounts.set(word, count + 1);
    else if (this.unknownCounts.size < MAX_UNKNOWN_KINDS) this.unknownCounts.set(word, 1);
  }

  /** The name an unknown word is counted under (the interpreter's UNKNOWN_* kinds). */
  private unknownWordName(kind: number, code: number, value: number): string {
    const core = this.core;
    switch (kind) {
      case core.UNKNOWN_LETTER.value:
      case core.UNKNOWN_CHARACTER.value:
        return String.fromCharCode(code);
      case core.UNKNOWN_DOLLAR.value:
        return `$${code > 0 ? String.fromCharCode(code) : ""}`;
      case core.UNKNOWN_G.value:
        return `G${code % 10 === 0 ? code / 10 : (code / 10).toFixed(1)}`;
      case core.UNKNOWN_M.value:
        return `M${code}`;
      case core.UNKNOWN_G10_L.value:
        return `G10 L${value}`;
      case core.UNKNOWN_AXES_WITHOUT_MOTION.value:
        return "axes without motion";
      case core.UNKNOWN_R_ARC_WITHOUT_END.value:
        return "R arc without end point";
      default:
        return "?";
    }
  }

  /**
   * `X[expression]` or `X#parameter` (LinuxCNC) at `at`: its value into the interpreter's
   * `exprValue` (NaN, counted as unknown, when it cannot be evaluated). Returns where reading goes on.
   */
  private expressionWord(letter: number, start: number, at: number, end: number, line: number): number {
    const buf = this.bytes;
    const reader = this.expressionReader(buf, start, end, line);
    reader.pos = at - start;
    const value = reader.readAtom();
    const next = start + reader.pos;
    if (Number.isFinite(value)) {
      this.f64[this.at.exprValue >> 3] = value;
      return next;
    }
    this.f64[this.at.exprValue >> 3] = Number.NaN;
    this.countUnknown(`${String.fromCharCode(letter + 65)}[expr]`);
    // Skip the rest of the bracket, so its pieces are not counted as words too.
    return buf[at] === 91 ? skipBracket(buf, at, end) : next;
  }

  /** `#name = expression` at `i`: kept for the end of the line (`assignParameters`). */
  private readAssignment(start: number, i: number, end: number, line: number): number {
    const reader = this.expressionReader(this.bytes, start, end, line);
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
  private expressionReader(buf: Uint8Array, start: number, limit: number, line: number): ExpressionReader {
    const reader = (this.reader ??= new ExpressionReader(NEWLINE, this.params));
    if (this.readerLine === line) return reader;
    let end = start;
    while (end < limit && buf[end] !== 10) end++;
    reader.reset(buf, start, end);
    this.readerLine = line;
    return reader;
  }
}

/**
 * Vertices from machine mm to the program's frame (origin `frame`) in display units. The long
 * loops of finish() are functions of their own: V8 optimises a loop while it runs, and code after
 * it in the same function, run once per parse, has no type feedback.
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

/** A box in display units, moved into the frame whose origin is `origin` (machine mm). */
function toBox(box: Float64Array, scale: number, origin: Float64Array): Box3 | null {
  if (box[0] === Infinity) return null;
  const [x, y, z] = [origin[0]!, origin[1]!, origin[2]!];
  return {
    min: [(box[0]! - x) * scale, (box[1]! - y) * scale, (box[2]! - z) * scale],
    max: [(box[3]! - x) * scale, (box[4]! - y) * scale, (box[5]! - z) * scale],
  };
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
