/*
 * The G-code interpreter's core, in AssemblyScript, compiled to WebAssembly (lib/gcode/core/README.md,
 * `npm run build:gcode-core`). lib/gcode/parser.ts drives it: it copies the file's bytes into the
 * input window, calls `run` over whole lines, and reads the state and the segments back.
 *
 * Why WebAssembly: the upload analysis and the viewer's Worker parse one file in a fresh process,
 * and the same interpreter in JavaScript spent most of a cold parse of a few-MB file in V8's
 * TurboFan compiles and in baseline code waiting for them. WebAssembly is compiled before it runs
 * (docs/performance.md, "G-code parser"; ADR 024).
 *
 * What stays in JavaScript and is called from here (imports): LinuxCNC expressions and `#`
 * assignments (lib/gcode/expression.ts), the names of unknown words, the trigonometric functions
 * (V8's own, so every vertex is the same as the JavaScript interpreter's), and the copy of each
 * block of finished segments into the output arrays.
 *
 * The rules are those of docs/gcode.md; the comments here say why the code is shaped as it is.
 * Coordinates are machine millimetres; the conversion to display units and the program's frame
 * happens once, in JavaScript, at the end.
 */

// ---- Imports (lib/gcode/parser.ts, `coreImports`) -------------------------------------------

/** A word the interpreter does not act on; `kind` is one of the UNKNOWN_* codes below. */
// @ts-expect-error: AssemblyScript decorator
@external("env", "unknownWord")
declare function unknownWord(kind: i32, code: i32, value: f64): void;
/**
 * A letter followed by `[` or `#` at `at`: the expression's value goes to `exprValue` (NaN when it
 * cannot be evaluated, already counted as unknown); returns where reading goes on.
 */
// @ts-expect-error: AssemblyScript decorator
@external("env", "expressionWord")
declare function expressionWord(letter: i32, lineStart: i32, at: i32, end: i32, line: i32): i32;
/** `#name = expression` at `at`, kept for the end of the line; returns where reading goes on. */
// @ts-expect-error: AssemblyScript decorator
@external("env", "assignment")
declare function assignment(lineStart: i32, at: i32, end: i32, line: i32): i32;
/** Applies the line's `#` assignments (after the line, as LinuxCNC does). */
// @ts-expect-error: AssemblyScript decorator
@external("env", "applyAssignments")
declare function applyAssignments(): void;
/** The staging block holds `count` segments from segment `first`: copy them out. */
// @ts-expect-error: AssemblyScript decorator
@external("env", "flushSegments")
declare function flushSegments(first: i32, count: i32): void;
/** The power runs buffer is full: write the runs into the power array (after a flush). */
// @ts-expect-error: AssemblyScript decorator
@external("env", "writePowerRuns")
declare function writePowerRuns(count: i32, segments: i32): void;
// @ts-expect-error: AssemblyScript decorator
@external("env", "sin")
declare function jsSin(x: f64): f64;
// @ts-expect-error: AssemblyScript decorator
@external("env", "cos")
declare function jsCos(x: f64): f64;
// @ts-expect-error: AssemblyScript decorator
@external("env", "atan2")
declare function jsAtan2(y: f64, x: f64): f64;
// @ts-expect-error: AssemblyScript decorator
@external("env", "acos")
declare function jsAcos(x: f64): f64;

export const UNKNOWN_LETTER: i32 = 0; // a letter without a number: "X"
export const UNKNOWN_DOLLAR: i32 = 1; // a Grbl `$` command: "$" and the next character (code, or 0)
export const UNKNOWN_CHARACTER: i32 = 2; // a stray character
export const UNKNOWN_G: i32 = 3; // "G" and code / 10
export const UNKNOWN_M: i32 = 4; // "M" and code
export const UNKNOWN_G10_L: i32 = 5; // "G10 L" and value
export const UNKNOWN_AXES_WITHOUT_MOTION: i32 = 6;
export const UNKNOWN_R_ARC_WITHOUT_END: i32 = 7;

// ---- Constants --------------------------------------------------------------------------------

const MM_PER_INCH: f64 = 25.4;
const A_: i32 = 0,
  F_: i32 = 5,
  I_: i32 = 8,
  L_: i32 = 11,
  P_: i32 = 15,
  R_: i32 = 17,
  S_: i32 = 18,
  T_: i32 = 19,
  X_: i32 = 23,
  Y_: i32 = 24,
  Z_: i32 = 25;
const F_BIT: i32 = 1 << F_,
  L_BIT: i32 = 1 << L_,
  P_BIT: i32 = 1 << P_,
  R_BIT: i32 = 1 << R_,
  S_BIT: i32 = 1 << S_,
  T_BIT: i32 = 1 << T_,
  X_BIT: i32 = 1 << X_,
  Y_BIT: i32 = 1 << Y_,
  Z_BIT: i32 = 1 << Z_;
const AXES_MASK: i32 = X_BIT | Y_BIT | Z_BIT;
const ROTARY_MASK: i32 = (1 << A_) | (1 << 1) | (1 << 2);
const CENTRE_MASK: i32 = (1 << I_) | (1 << (I_ + 1)) | (1 << (I_ + 2));

const MOTION_NONE: i32 = -1;
const MOTION_RAPID: i32 = 0;
const MOTION_LINEAR: i32 = 1;
const MOTION_CW: i32 = 2;
const MOTION_CCW: i32 = 3;
const MOTION_CANNED: i32 = 4;
const MOTION_PROBE: i32 = 5;

// SEGMENT_KIND of lib/gcode/toolpath.ts.
const KIND_RAPID: u8 = 0;
const KIND_CUT: u8 = 1;
const KIND_ARC: u8 = 2;

const MAX_SPEEDS: i32 = 64;
const MAX_RUNS: i32 = 1024;
const TWO_PI: f64 = Math.PI * 2;
const HALF_PI: f64 = Math.PI / 2;

/** The input window's first size (bytes); a longer line makes it larger (`ensureInput`). */
const INPUT_WINDOW: i32 = 256 << 10;

/** Segments per staging block (copied out by `flushSegments` when full and at the end). */
const STAGING_SEGMENTS: i32 = 16384;

// ---- Memory: fixed regions, then the input window (grown on demand) ---------------------------

/** Letter values of the current line (A = 0 ... Z = 25). */
const values: usize = memory.data(26 * 8, 8);
const gWords: usize = memory.data(16 * 4, 4);
const mWords: usize = memory.data(16 * 4, 4);
/** G54-G59.3 offsets (9 x XYZ), G92 offset, the offset in force (WCS + G92). */
const wcsOffsets: usize = memory.data(27 * 8, 8);
const g92: usize = memory.data(3 * 8, 8);
const offset: usize = memory.data(3 * 8, 8);
/** Position, target (and next vertex), an arc's end, an arc's apex. */
const pos: usize = memory.data(3 * 8, 8);
const tgt: usize = memory.data(3 * 8, 8);
const arcEnd: usize = memory.data(3 * 8, 8);
const apex: usize = memory.data(3 * 8, 8);
/** The program's frame: the work offset at the first cutting move. */
const frame: usize = memory.data(3 * 8, 8);
/** Boxes as min x, y, z, max x, y, z: rapids (the union with cutBox at the end), cuts, powered cuts. */
const box: usize = memory.data(6 * 8, 8);
const cutBox: usize = memory.data(6 * 8, 8);
const poweredBox: usize = memory.data(6 * 8, 8);
/** Distinct S values while the spindle ran (the first MAX_SPEEDS). */
const speeds: usize = memory.data(MAX_SPEEDS * 8, 8);
/** Tools seen (one bit per tool number 0-65535). */
const toolBits: usize = memory.data(65536 / 8, 8);
/** Laser power runs: the segment where each starts and its power (see runPower). */
const runStarts: usize = memory.data(MAX_RUNS * 4, 4);
const runPowers: usize = memory.data(MAX_RUNS * 8, 8);
/** Staging block: the end vertex, kind, tool and source line of each segment. */
const stageVertices: usize = memory.data(STAGING_SEGMENTS * 12, 8);
const stageKinds: usize = memory.data(STAGING_SEGMENTS, 8);
const stageTools: usize = memory.data(STAGING_SEGMENTS * 2, 8);
const stageLines: usize = memory.data(STAGING_SEGMENTS * 4, 8);
/** The vertex before segment 0 (the start position), f64 x, y, z. */
const firstVertex: usize = memory.data(3 * 8, 8);

/** The table `regions` writes: one i32 per region. */
const regionTable: usize = memory.data(32 * 4, 8);

/**
 * Where the JavaScript side finds each region: their byte offsets into memory, as i32s in the
 * order of REGION_NAMES in lib/gcode/parser.ts, in a table whose offset this returns.
 */
export function regions(): usize {
  const at = regionTable;
  store<i32>(at, <i32>values);
  store<i32>(at, <i32>gWords, 4);
  store<i32>(at, <i32>mWords, 8);
  store<i32>(at, <i32>wcsOffsets, 12);
  store<i32>(at, <i32>g92, 16);
  store<i32>(at, <i32>offset, 20);
  store<i32>(at, <i32>pos, 24);
  store<i32>(at, <i32>tgt, 28);
  store<i32>(at, <i32>frame, 32);
  store<i32>(at, <i32>box, 36);
  store<i32>(at, <i32>cutBox, 40);
  store<i32>(at, <i32>poweredBox, 44);
  store<i32>(at, <i32>speeds, 48);
  store<i32>(at, <i32>toolBits, 52);
  store<i32>(at, <i32>runStarts, 56);
  store<i32>(at, <i32>runPowers, 60);
  store<i32>(at, <i32>stageVertices, 64);
  store<i32>(at, <i32>stageKinds, 68);
  store<i32>(at, <i32>stageTools, 72);
  store<i32>(at, <i32>stageLines, 76);
  store<i32>(at, <i32>firstVertex, 80);
  store<i32>(at, <i32>exprValueSlot, 84);
  store<i32>(at, <i32>inputStart, 88);
  return regionTable;
}

/** The value of the last `expressionWord`. */
const exprValueSlot: usize = memory.data(8, 8);

/** The input window starts after the fixed data, on a page of its own. */
const inputStart: usize = (__heap_base + 0xffff) & ~(<usize>0xffff);
/** Bytes the input window can hold (grows with `ensureInput`). */
export let inputCapacity: i32 = 0;

/** Makes the input window hold at least `bytes` (returns false when memory cannot grow). */
export function ensureInput(bytes: i32): bool {
  const needed = inputStart + <usize>bytes;
  const have = (<usize>memory.size()) << 16;
  if (needed > have) {
    const pages = <i32>((needed - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return false;
  }
  inputCapacity = <i32>(((<usize>memory.size()) << 16) - inputStart);
  return true;
}

// ---- State ------------------------------------------------------------------------------------

let collectGeometry: bool = true;
let arcTolerance: f64 = 0.02;
let rapidFeed: f64 = 5000;
let defaultFeed: f64 = 1000;
let runCapacity: i32 = 2;

export let segments: i32 = 0;
export let lineIndex: i32 = 0;
let seen: i32 = 0;
let rareSeen: i32 = 0;
let gCount: i32 = 0;
let mCount: i32 = 0;
let lineHasAssignment: bool = false;

let motion: i32 = MOTION_NONE;
let unit: f64 = 1;
let plane: i32 = 17;
let isAbsolute: bool = true;
let isArcAbsolute: bool = false;
let isInverseTime: bool = false;
let wcs: i32 = 0;
/** False at the start and after homing ($H, G28, G30) until a move or G92 / G10 L20 places us. */
let positionKnown: bool = false;
let lastCut: bool = false;
let lastRecordedSpeed: f64 = NaN;
let lastPowered: bool = false;
let feed: f64 = -0.0;
let spindleSpeed: f64 = -0.0;
let speedBefore: f64 = -0.0;
let spindleOn: bool = false;
let tool: i32 = 0;
let cannedRetract: f64 = -0.0;
let cannedInitialZ: f64 = -0.0;
let cannedReturnToInitial: bool = true;

export let hasInch: bool = false;
export let sawM4: bool = false;
export let sawUnpoweredFeed: bool = false;
/** Feed-move lines whose S differs from the S before (raster lasers carry power per move). */
export let powerChanges: i32 = 0;
/** Paths: powered feed moves that follow an M3/M4 given while the spindle (laser) was off. */
export let switchedPaths: i32 = 0;
let pathPending: bool = false;
export let powerMin: f64 = Infinity;
export let powerMax: f64 = -0.0;
export let feedMin: f64 = Infinity;
export let feedMax: f64 = -0.0;
export let dwell: f64 = -0.0;
let frameKnown: bool = false;
export let rapidMoves: i32 = 0;
export let linearMoves: i32 = 0;
export let arcMoves: i32 = 0;
export let cutLength: f64 = -0.0;
export let rapidLength: f64 = -0.0;
export let minutes: f64 = -0.0;
export let maxPower: f64 = -0.0;
let lastRangeFeed: f64 = -0.0;
/**
 * While every cut so far was powered (an endmill job with the spindle on, the common case) the
 * powered box grows exactly as the cut box does, and is not kept separately: `poweredBox` is
 * filled in at the first unpowered cut (or at the end).
 */
let poweredBoxIsCutBox: bool = true;
export let speedCount: i32 = 0;

/**
 * Laser power per segment, kept as runs while parsing: the cut power (S while the spindle is on)
 * and the segment where it took that value. Endmill jobs set S a few times and end with no power
 * at all; raster lasers change S on every line. The runs are written out by JavaScript when the
 * buffer is full and at the end (laser jobs only).
 */
let runPower: f64 = -0.0;
export let runCount: i32 = 0;
/** Cut moves (every cut segment belongs to one) when the current power run started. */
let cutsAtRunStart: i32 = 0;

/** Segments in the staging block; whether any of them has a kind or tool other than 0. */
let staged: i32 = 0;
let stagedKinds: bool = false;
let stagedTools: bool = false;

/** Modal words of the current line, set by applyG. */
let lineMotion: i32 = MOTION_NONE;
let lineMachine: bool = false;
let lineDwell: f64 = -0.0;
let lineHome: bool = false;
let lineOffsets: i32 = 0;

// @ts-expect-error: AssemblyScript decorator
@inline function f64At(base: usize, index: i32): f64 {
  return load<f64>(base + ((<usize>index) << 3));
}
// @ts-expect-error: AssemblyScript decorator
@inline function setF64(base: usize, index: i32, value: f64): void {
  store<f64>(base + ((<usize>index) << 3), value);
}
// @ts-expect-error: AssemblyScript decorator
@inline function i32At(base: usize, index: i32): i32 {
  return load<i32>(base + ((<usize>index) << 2));
}

function resetBox(b: usize): void {
  for (let a = 0; a < 3; a++) {
    setF64(b, a, Infinity);
    setF64(b, a + 3, -Infinity);
  }
}

/** Starts a parse. `runs` is the size of the power runs buffer (at most MAX_RUNS). */
export function init(geometry: bool, tolerance: f64, rapid: f64, fallbackFeed: f64, runs: i32): void {
  collectGeometry = geometry;
  arcTolerance = tolerance;
  rapidFeed = rapid;
  defaultFeed = fallbackFeed;
  runCapacity = min(MAX_RUNS, max(2, runs));
  resetBox(box);
  resetBox(cutBox);
  resetBox(poweredBox);
  ensureInput(INPUT_WINDOW);
}

// ---- Rounding as JavaScript does it -----------------------------------------------------------

/** Math.round: the nearest integer, halves up (towards +Infinity). */
// @ts-expect-error: AssemblyScript decorator
@inline function jsRound(x: f64): f64 {
  const r = Math.ceil(x);
  return r - 0.5 > x ? r - 1 : r;
}

/** ToInt32 (a number stored into an Int32Array): modulo 2^32, NaN and Infinity as 0. */
function toInt32(x: f64): i32 {
  if (!isFinite(x)) return 0;
  const t = x < 0 ? Math.ceil(x) : Math.floor(x);
  if (t >= -2147483648.0 && t <= 2147483647.0) return <i32>t;
  const wrapped = t - Math.floor(t / 4294967296.0) * 4294967296.0;
  return <i32>(<u32>wrapped);
}

// ---- Tokenizer ---------------------------------------------------------------------------------

/** Reads the lines in [start, end), which ends just after a newline. */
export function run(start: i32, end: i32): void {
  let i = start;
  while (i < end) i = readLine(i, end);
}

/**
 * Tokenises one line starting at `start` into letter values, runs it, and returns the index after
 * its newline. Every line handed in ends with a newline before `end` (parser.ts sees to it), so the
 * loops over a word's spaces and digits stop at it without an end test per byte.
 */
function readLine(start: i32, end: i32): i32 {
  let lineSeen = 0;
  gCount = 0;
  mCount = 0;
  rareSeen = 0;
  lineHasAssignment = false;
  let i = start;
  while (i < end) {
    const c = <i32>load<u8>(<usize>i);
    if (c <= 32) {
      if (c == 10) break;
      i++;
      continue;
    }
    // A to Z in either case (c | 32 is the lower case of a letter, and no other byte lands in a-z).
    const letter = (c | 32) - 97;
    if (<u32>letter < 26) {
      i++;
      if (<i32>load<u8>(<usize>i) <= 32) i = skipBlanks(i);
      let sign: f64 = 1;
      let d = <i32>load<u8>(<usize>i);
      if (d == 45) {
        sign = -1;
        d = <i32>load<u8>(<usize>++i);
      } else if (d == 43) {
        d = <i32>load<u8>(<usize>++i);
      }
      const first = i;
      let whole: f64 = 0;
      let digit = d - 48;
      while (<u32>digit <= 9) {
        whole = whole * 10 + <f64>digit;
        digit = <i32>load<u8>(<usize>++i) - 48;
      }
      let digits = i - first;
      let value = whole;
      if (load<u8>(<usize>i) == 46) {
        const point = i;
        let fraction: f64 = 0;
        let divisor: f64 = 1;
        digit = <i32>load<u8>(<usize>++i) - 48;
        while (<u32>digit <= 9) {
          fraction = fraction * 10 + <f64>digit;
          divisor *= 10;
          digit = <i32>load<u8>(<usize>++i) - 48;
        }
        digits += i - point - 1;
        value += fraction / divisor;
      }
      if (digits == 0) {
        i = readRareWord(start, i, end, letter, sign);
        continue;
      }
      setF64(values, letter, sign * value);
      if (letter == 6) {
        addGWord(sign * value);
      } else if (letter == 12) {
        addMWord(f64At(values, 12));
      } else {
        lineSeen |= 1 << letter;
      }
      continue;
    }
    i = readRare(start, i, end, c);
  }
  seen = lineSeen | rareSeen;
  execute();
  if (lineHasAssignment) applyAssignments();
  lineIndex++;
  return i < end ? i + 1 : end;
}

/** A G word: its code times ten (G38.2 is 382), at most 16 a line. */
function addGWord(value: f64): void {
  if (gCount < 16) {
    store<i32>(gWords + ((<usize>gCount) << 2), toInt32(jsRound(value * 10)));
    gCount++;
  }
}

/** An M word, at most 16 a line. */
function addMWord(value: f64): void {
  if (mCount < 16) {
    store<i32>(mWords + ((<usize>mCount) << 2), toInt32(jsRound(value)));
    mCount++;
  }
}

/** Index of the first byte at or after `i` that is not a space or a tab (`X 12.5`: rare). */
function skipBlanks(i: i32): i32 {
  let c = load<u8>(<usize>i);
  while (c == 32 || c == 9) c = load<u8>(<usize>++i);
  return i;
}

/**
 * A letter without a plain number: `X[expression]` or `X#parameter` (LinuxCNC, read by
 * JavaScript), else an unknown word. `at` is just after the letter, spaces and sign.
 */
function readRareWord(start: i32, at: i32, end: i32, letter: i32, sign: f64): i32 {
  const c = <i32>load<u8>(<usize>at);
  if (c != 91 && c != 35) {
    unknownWord(UNKNOWN_LETTER, letter + 65, 0);
    return at;
  }
  const next = expressionWord(letter, start, at, end, lineIndex);
  let value = load<f64>(exprValueSlot);
  if (isNaN(value)) return next;
  // The sign read before `[` (`Z-[#1/2]`) applies to the value.
  if (value < 0) {
    sign = -sign;
    value = -value;
  }
  if (letter == 6) {
    addGWord(sign * value);
  } else if (letter == 12) {
    addMWord(sign * value);
  } else {
    setF64(values, letter, sign * value);
    rareSeen |= 1 << letter;
  }
  return next;
}

/**
 * Anything but a word at `i`: comments, `#name = value` (applied after the line), Grbl `$`
 * commands, `%` and `/` (fine), else an unknown character. Returns where reading goes on (at the
 * newline for `;` comments and `$` lines).
 */
function readRare(start: i32, i: i32, end: i32, c: i32): i32 {
  if (c == 40) {
    // ( comment )
    while (i < end && load<u8>(<usize>i) != 41 && load<u8>(<usize>i) != 10) i++;
    return load<u8>(<usize>i) == 41 ? i + 1 : i;
  }
  if (c == 59) {
    // ; comment to end of line
    while (i < end && load<u8>(<usize>i) != 10) i++;
    return i;
  }
  if (c == 35) {
    lineHasAssignment = true;
    return assignment(start, i, end, lineIndex);
  }
  if (c == 36) {
    // Grbl system command ($H, $X, ...): not G-code. $H homes: the position is unknown again.
    const next = <i32>load<u8>(<usize>(i + 1));
    if ((next | 32) == 104 && i + 1 < end) positionKnown = false;
    else unknownWord(UNKNOWN_DOLLAR, end > i + 1 && next > 32 ? next : 0, 0);
    while (i < end && load<u8>(<usize>i) != 10) i++;
    return i;
  }
  if (c != 37 && c != 47) unknownWord(UNKNOWN_CHARACTER, c, 0); // % and / are fine
  return i + 1;
}

// ---- Interpreter ---------------------------------------------------------------------------------

/** The G words of the line. */
function applyG(lineSeen: i32): void {
  for (let k = 0; k < gCount; k++) {
    const g = i32At(gWords, k);
    switch (g) {
      case 0:
        lineMotion = MOTION_RAPID;
        break;
      case 10:
        lineMotion = MOTION_LINEAR;
        break;
      case 20:
        lineMotion = MOTION_CW;
        break;
      case 30:
        lineMotion = MOTION_CCW;
        break;
      case 40:
        lineDwell = (lineSeen & P_BIT) != 0 ? f64At(values, P_) : 0;
        break;
      case 100:
        lineOffsets = 10;
        break;
      case 170:
      case 180:
      case 190:
        plane = g / 10;
        break;
      case 200:
        unit = MM_PER_INCH;
        hasInch = true;
        break;
      case 210:
        unit = 1;
        break;
      case 280:
      case 300:
        lineHome = true;
        break;
      case 382:
      case 383:
      case 384:
      case 385:
        lineMotion = MOTION_PROBE;
        break;
      case 530:
        lineMachine = true;
        break;
      case 540:
      case 550:
      case 560:
      case 570:
      case 580:
      case 590:
        wcs = (g - 540) / 10;
        updateOffset();
        break;
      case 800:
        lineMotion = MOTION_NONE;
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
        if (lineMotion != MOTION_CANNED) cannedInitialZ = f64At(pos, 2);
        lineMotion = MOTION_CANNED;
        break;
      case 900:
        isAbsolute = true;
        break;
      case 910:
        isAbsolute = false;
        break;
      case 901:
        isArcAbsolute = true;
        break;
      case 911:
        isArcAbsolute = false;
        break;
      case 920:
        lineOffsets = 92;
        break;
      case 921:
      case 922:
        for (let a = 0; a < 3; a++) setF64(g92, a, 0);
        updateOffset();
        break;
      case 930:
        isInverseTime = true;
        break;
      case 940:
        isInverseTime = false;
        break;
      case 980:
        cannedReturnToInitial = true;
        break;
      case 990:
        cannedReturnToInitial = false;
        break;
      default:
        if (!isIgnoredG(g)) unknownWord(UNKNOWN_G, g, 0);
    }
  }
}

/** G codes (times ten) that are understood but do not change the drawing. */
function isIgnoredG(g: i32): bool {
  // prettier-ignore
  switch (g) {
    case 40: case 400: case 410: case 411: case 420: case 421: case 430: case 431: case 432:
    case 490: case 610: case 611: case 640: case 500: case 510: case 960: case 970: case 980:
    case 990: case 70: case 80: case 150: case 160: case 940: case 950: case 1000: case 200:
    case 210: case 330: case 761:
      return true;
  }
  return false;
}

/** M codes that are understood but do not change the drawing. */
function isIgnoredM(m: i32): bool {
  // prettier-ignore
  switch (m) {
    case 0: case 1: case 2: case 7: case 8: case 9: case 30: case 48: case 49: case 50: case 51:
    case 52: case 53: case 60: case 61: case 62: case 63: case 64: case 65: case 66: case 67:
    case 68: case 100:
      return true;
  }
  return false;
}

// @ts-expect-error: AssemblyScript decorator
@inline function addTool(t: i32): void {
  const at = toolBits + ((<usize>t) >> 3);
  store<u8>(at, load<u8>(at) | ((1 as u8) << ((t & 7) as u8)));
}

/** A T word: the tool for the following moves. */
function selectTool(): void {
  tool = <i32>Math.max(0, Math.min(65535, jsRound(f64At(values, T_))));
  addTool(tool);
}

/** The M words of the line. */
function applyM(): void {
  for (let k = 0; k < mCount; k++) {
    const m = i32At(mWords, k);
    if (m == 3 || m == 4) {
      if (!spindleOn) pathPending = true;
      spindleOn = true;
      if (m == 4) sawM4 = true;
      recordSpeed();
    } else if (m == 5) {
      spindleOn = false;
    } else if (m == 6) {
      addTool(tool);
    } else if (!isIgnoredM(m)) {
      unknownWord(UNKNOWN_M, m, 0);
    }
  }
  notePowerLevel();
}

/** G10 / G92 offsets or a G28 / G30 home move on this line (the line's axis words are theirs). */
function applyRareMotion(lineSeen: i32, inch: bool): void {
  if (lineOffsets != 0) {
    applyOffsets(lineOffsets, lineSeen, inch);
  } else {
    // G28/G30 go through the given point to a stored home whose place we do not know:
    // draw the move to the intermediate point only.
    if ((lineSeen & AXES_MASK) != 0) moveTo(MOTION_RAPID, lineSeen, inch, false);
    positionKnown = false;
  }
}

/** Runs the words of one line in the order of RS274/NGC: modes, feed, spindle, tool, motion. */
function execute(): void {
  const lineSeen = seen;
  lineMotion = motion;
  lineMachine = false;
  lineDwell = -1;
  lineHome = false;
  lineOffsets = 0;
  if (gCount > 0) {
    // Most lines carry one motion word (G0-G3): no call for those.
    const g = i32At(gWords, 0);
    if (gCount != 1) applyG(lineSeen);
    else if (g == 10) lineMotion = MOTION_LINEAR;
    else if (g == 0) lineMotion = MOTION_RAPID;
    else if (g == 20) lineMotion = MOTION_CW;
    else if (g == 30) lineMotion = MOTION_CCW;
    else applyG(lineSeen);
  }
  const lineMotionNow = lineMotion;
  // The unit words above apply to the whole line, wherever they stood.
  const inch = unit != 1;

  if ((lineSeen & F_BIT) != 0) feed = f64At(values, F_) * unit;
  if ((lineSeen & S_BIT) != 0) {
    speedBefore = spindleSpeed;
    spindleSpeed = f64At(values, S_);
    if (spindleOn) recordSpeed();
    notePowerLevel();
  }
  if ((lineSeen & T_BIT) != 0) selectTool();
  if (mCount > 0) applyM();
  if (lineDwell > 0) addDwell();
  motion = lineMotionNow == MOTION_PROBE ? MOTION_LINEAR : lineMotionNow;
  if (lineOffsets != 0 || lineHome) {
    applyRareMotion(lineSeen, inch);
    return;
  }

  const hasAxes = (lineSeen & AXES_MASK) != 0;
  if (hasAxes && (lineSeen & S_BIT) != 0) notePowerChange(lineMotionNow);
  if (lineMotionNow == MOTION_RAPID || lineMotionNow == MOTION_LINEAR || lineMotionNow == MOTION_PROBE) {
    if (hasAxes)
      moveTo(lineMotionNow == MOTION_RAPID ? MOTION_RAPID : MOTION_LINEAR, lineSeen, inch, lineMachine);
  } else if (lineMotionNow == MOTION_CW || lineMotionNow == MOTION_CCW) {
    if (hasAxes || (lineSeen & CENTRE_MASK) != 0) arcTo(lineMotionNow, lineSeen, inch);
  } else if (lineMotionNow == MOTION_CANNED) {
    if (hasAxes) cannedCycle(lineSeen, inch);
  } else if (hasAxes && (lineSeen & ROTARY_MASK) == 0) {
    unknownWord(UNKNOWN_AXES_WITHOUT_MOTION, 0, 0);
  }
}

/** A move with an S word: power carried on the feed moves themselves (`G1X37S262`). */
function notePowerChange(lineMotionNow: i32): void {
  if (
    spindleOn &&
    spindleSpeed != speedBefore &&
    lineMotionNow >= MOTION_LINEAR &&
    lineMotionNow <= MOTION_CCW
  )
    powerChanges++;
}

/** A G4 dwell on this line, counted in the time estimate. */
function addDwell(): void {
  minutes += lineDwell / 60;
  dwell += lineDwell / 60;
}

function recordSpeed(): void {
  const s = spindleSpeed;
  if (s == lastRecordedSpeed) return;
  lastRecordedSpeed = s;
  if (s > maxPower) maxPower = s;
  const count = speedCount;
  if (count == MAX_SPEEDS) return;
  for (let k = 0; k < count; k++) if (f64At(speeds, k) == s) return;
  setF64(speeds, count, s + 0); // -0 as 0, as a Set stores it
  speedCount = count + 1;
}

/** The work offset in force (WCS offset + G92), kept up to date for every move's target. */
function updateOffset(): void {
  const base = wcs * 3;
  for (let a = 0; a < 3; a++) setF64(offset, a, f64At(wcsOffsets, base + a) + f64At(g92, a));
}

/** Takes the work offset in force now as the program's frame. */
function captureFrame(): void {
  for (let a = 0; a < 3; a++) setF64(frame, a, f64At(offset, a));
  frameKnown = true;
}

function applyOffsets(kind: i32, lineSeen: i32, inch: bool): void {
  const u = inch ? MM_PER_INCH : 1;
  const l = kind == 10 && (lineSeen & L_BIT) != 0 ? f64At(values, L_) : 0;
  const p: f64 = kind == 10 && (lineSeen & P_BIT) != 0 ? jsRound(f64At(values, P_)) : 0;
  if (!positionKnown && (kind == 92 || (l == 20 && (p == 0 || p - 1 == <f64>wcs)))) {
    // At the start or after homing we do not know where the machine is; G92 / G10 L20 tell us
    // where it is in the work coordinates we draw in. A move already drawn gets a rapid to it.
    const wasAbsolute = isAbsolute;
    isAbsolute = true;
    moveTo(MOTION_NONE, lineSeen, inch, false);
    isAbsolute = wasAbsolute;
    if (segments == 0) {
      for (let a = 0; a < 3; a++) setF64(pos, a, f64At(tgt, a));
    } else {
      rapidToTarget();
    }
    positionKnown = true;
    return;
  }
  if (kind == 92) {
    // G92: the current point gets the given coordinates.
    for (let a = 0; a < 3; a++) {
      if ((lineSeen & (1 << (X_ + a))) == 0) continue;
      setF64(g92, a, f64At(pos, a) - f64At(wcsOffsets, wcs * 3 + a) - f64At(values, X_ + a) * u);
    }
    updateOffset();
    return;
  }
  // G10 L2 Pn: set offset n; G10 L20 Pn: make the current point have the given coordinates.
  if (l != 2 && l != 20) {
    unknownWord(UNKNOWN_G10_L, 0, l);
    return;
  }
  const index: f64 = p == 0 ? <f64>wcs : p - 1;
  if (!(index >= 0 && index <= 8)) return;
  const slot = <i32>index;
  for (let a = 0; a < 3; a++) {
    if ((lineSeen & (1 << (X_ + a))) == 0) continue;
    const v = f64At(values, X_ + a) * u;
    setF64(wcsOffsets, slot * 3 + a, l == 2 ? v : f64At(pos, a) - f64At(g92, a) - v);
  }
  updateOffset();
}

function feedRate(): f64 {
  return feed > 0 ? feed : defaultFeed;
}

/**
 * A straight move (MOTION_RAPID or MOTION_LINEAR) to the target of the line's axis words, which
 * it puts in `tgt`; MOTION_NONE only sets the target.
 */
function moveTo(kind: i32, lineSeen: i32, inch: bool, isMachine: bool): void {
  const u = inch ? MM_PER_INCH : 1;
  const x = f64At(pos, 0);
  const y = f64At(pos, 1);
  const z = f64At(pos, 2);
  // What a word is added to: the work offset (none in machine coordinates) when absolute, the
  // position when relative. One sum per axis, not one per mode (a + b is exactly b + a).
  const relative = !isAbsolute && !isMachine;
  const baseX = relative ? x : isMachine ? 0 : f64At(offset, 0);
  const baseY = relative ? y : isMachine ? 0 : f64At(offset, 1);
  const baseZ = relative ? z : isMachine ? 0 : f64At(offset, 2);
  const toX = (lineSeen & X_BIT) == 0 ? x : baseX + f64At(values, X_) * u;
  const toY = (lineSeen & Y_BIT) == 0 ? y : baseY + f64At(values, Y_) * u;
  const toZ = (lineSeen & Z_BIT) == 0 ? z : baseZ + f64At(values, Z_) * u;
  setF64(tgt, 0, toX);
  setF64(tgt, 1, toY);
  setF64(tgt, 2, toZ);
  if (kind == MOTION_NONE) return;
  const dx = toX - x;
  const dy = toY - y;
  const dz = toZ - z;
  if (dx == 0 && dy == 0 && dz == 0) return;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const isRapid = kind == MOTION_RAPID;
  if (isRapid) {
    rapidMoves++;
    rapidLength += length;
    minutes += length / rapidFeed;
  } else {
    linearMoves++;
    cutLength += length;
    minutes += isInverseTime && feed > 0 ? 1 / (feed / unit) : length / feedRate();
  }
  emit(isRapid ? KIND_RAPID : KIND_CUT, !isRapid);
}

function rapidToTarget(): void {
  const dx = f64At(tgt, 0) - f64At(pos, 0);
  const dy = f64At(tgt, 1) - f64At(pos, 1);
  const dz = f64At(tgt, 2) - f64At(pos, 2);
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (length == 0) return;
  rapidMoves++;
  rapidLength += length;
  minutes += length / rapidFeed;
  emit(KIND_RAPID, false);
}

/** Cosine and sine of 0, 90, 180 and 270 degrees, exact (cos(PI / 2) is 6e-17). */
// @ts-expect-error: AssemblyScript decorator
@inline function quadrantCos(q: i32): f64 {
  return q == 0 ? 1 : q == 2 ? -1 : 0;
}
// @ts-expect-error: AssemblyScript decorator
@inline function quadrantSin(q: i32): f64 {
  return q == 1 ? 1 : q == 3 ? -1 : 0;
}

/** G2/G3 in the active plane, centre (I/J/K) or radius (R) form, helical when the third axis moves. */
function arcTo(arcMotion: i32, lineSeen: i32, inch: bool): void {
  const u = inch ? MM_PER_INCH : 1;
  moveTo(MOTION_NONE, lineSeen, inch, false);
  // Plane axes (first, second) and the linear axis: G17 XY/Z, G18 ZX/Y, G19 YZ/X.
  const a0 = plane == 17 ? 0 : plane == 18 ? 2 : 1;
  const a1 = plane == 17 ? 1 : plane == 18 ? 0 : 2;
  const a2 = 3 - a0 - a1;
  const o0 = I_ + a0; // the centre word for each axis: I for X, J for Y, K for Z
  const o1 = I_ + a1;
  for (let a = 0; a < 3; a++) setF64(arcEnd, a, f64At(tgt, a));
  const s0 = f64At(pos, a0);
  const s1 = f64At(pos, a1);
  const e0 = f64At(arcEnd, a0);
  const e1 = f64At(arcEnd, a1);
  const clockwise = arcMotion == MOTION_CW;
  let c0: f64;
  let c1: f64;
  if ((lineSeen & R_BIT) != 0) {
    let r = f64At(values, R_) * u;
    const x = e0 - s0;
    const y = e1 - s1;
    const chord = Math.sqrt(x * x + y * y);
    if (chord == 0) {
      unknownWord(UNKNOWN_R_ARC_WITHOUT_END, 0, 0);
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
    const has0 = (lineSeen & (1 << o0)) != 0;
    const has1 = (lineSeen & (1 << o1)) != 0;
    if (isArcAbsolute) {
      const base = wcs * 3;
      c0 = has0 ? f64At(values, o0) * u + f64At(wcsOffsets, base + a0) + f64At(g92, a0) : s0;
      c1 = has1 ? f64At(values, o1) * u + f64At(wcsOffsets, base + a1) + f64At(g92, a1) : s1;
    } else {
      c0 = s0 + (has0 ? f64At(values, o0) * u : 0);
      c1 = s1 + (has1 ? f64At(values, o1) * u : 0);
    }
  }
  const startAngle = jsAtan2(s1 - c1, s0 - c0);
  const endAngle = jsAtan2(e1 - c1, e0 - c0);
  let sweep = clockwise ? startAngle - endAngle : endAngle - startAngle;
  if (sweep < 0) sweep += TWO_PI;
  if (sweep < 1e-9) sweep = TWO_PI; // same start and end: a full circle
  const turns = (lineSeen & P_BIT) != 0 ? Math.max(1, jsRound(f64At(values, P_))) : 1;
  sweep += (turns - 1) * TWO_PI;
  const r0 = Math.sqrt((s0 - c0) * (s0 - c0) + (s1 - c1) * (s1 - c1));
  const r1 = Math.sqrt((e0 - c0) * (e0 - c0) + (e1 - c1) * (e1 - c1));
  const radius = Math.max(r0, r1);
  const step =
    radius > arcTolerance ? Math.max(2 * jsAcos(1 - arcTolerance / radius), TWO_PI / 200) : Math.PI / 2;
  const n = Math.max(1, Math.ceil(sweep / step));
  const s2 = f64At(pos, a2);
  const e2 = f64At(arcEnd, a2);
  const direction: f64 = clockwise ? -1 : 1;
  const flat = sweep * (r0 + r1) * 0.5;
  const arcLength = Math.sqrt(flat * flat + (e2 - s2) * (e2 - s2));
  arcMoves++;
  cutLength += arcLength;
  minutes += isInverseTime && feed > 0 ? 1 / (feed / unit) : arcLength / feedRate();
  const hasLength = arcLength > 0;
  for (let k: f64 = 1; k <= n; k++) {
    if (k == n) {
      for (let a = 0; a < 3; a++) setF64(tgt, a, f64At(arcEnd, a));
    } else {
      const f = k / n;
      const angle = startAngle + direction * sweep * f;
      const r = r0 + (r1 - r0) * f;
      setF64(tgt, a0, c0 + r * jsCos(angle));
      setF64(tgt, a1, c1 + r * jsSin(angle));
      setF64(tgt, a2, s2 + (e2 - s2) * f);
    }
    emit(KIND_ARC, hasLength);
  }
  // The chords stay inside the arc: add the arc's own extremes, where it crosses 0, 90, 180 or
  // 270 degrees between its end points (the ends are in the boxes already).
  const powered = runPower > 0;
  for (let q = 0; q < 4; q++) {
    let d = direction > 0 ? <f64>q * HALF_PI - startAngle : startAngle - <f64>q * HALF_PI;
    d -= TWO_PI * Math.floor(d / TWO_PI);
    if (d <= 0 || d >= sweep) continue;
    const f = d / sweep;
    const r = r0 + (r1 - r0) * f;
    setF64(apex, a0, c0 + r * quadrantCos(q));
    setF64(apex, a1, c1 + r * quadrantSin(q));
    setF64(apex, a2, s2 + (e2 - s2) * f);
    growBox(cutBox, apex);
    if (powered && !poweredBoxIsCutBox) growBox(poweredBox, apex);
  }
}

/** G73/G81-G89 drilling: rapid over the hole, rapid to R, feed to Z, rapid back (absolute Z only). */
function cannedCycle(lineSeen: i32, inch: bool): void {
  const u = inch ? MM_PER_INCH : 1;
  const zOffset = f64At(wcsOffsets, wcs * 3 + 2) + f64At(g92, 2);
  if ((lineSeen & R_BIT) != 0) cannedRetract = f64At(values, R_) * u + zOffset;
  const bottom = (lineSeen & Z_BIT) != 0 ? f64At(values, Z_) * u + zOffset : f64At(pos, 2);
  const values0 = f64At(values, Z_);
  // Over the hole at the current height.
  moveTo(MOTION_RAPID, lineSeen & (X_BIT | Y_BIT), inch, false);
  const retract = cannedRetract;
  const clearance = cannedReturnToInitial ? Math.max(cannedInitialZ, retract) : retract;
  moveToZ(MOTION_RAPID, retract);
  moveToZ(MOTION_LINEAR, bottom);
  moveToZ(MOTION_RAPID, clearance);
  setF64(values, Z_, values0);
}

function moveToZ(kind: i32, z: f64): void {
  const saveAbsolute = isAbsolute;
  isAbsolute = true;
  const zOffset = f64At(wcsOffsets, wcs * 3 + 2) + f64At(g92, 2);
  setF64(values, Z_, z - zOffset);
  moveTo(kind, Z_BIT, false, false);
  isAbsolute = saveAbsolute;
}

// ---- Laser power runs and ranges ---------------------------------------------------------------

/**
 * After an S word or M words: the power of the following cuts (S while the spindle is on, as emit
 * takes it); a new run when it changed (see runPower).
 */
function notePowerLevel(): void {
  const power = spindleOn && spindleSpeed > 0 ? spindleSpeed : 0;
  if (power == runPower) return;
  notePowerRange();
  runPower = power;
  cutsAtRunStart = linearMoves + arcMoves;
  if (!collectGeometry) return;
  if (runCount == runCapacity) {
    flush();
    writePowerRuns(runCount, segments);
    runCount = 0;
  }
  store<i32>(runStarts + ((<usize>runCount) << 2), segments);
  setF64(runPowers, runCount++, power);
}

/**
 * The power range of the powered cuts, taken per run (when it ends, and at the end): a run's power
 * counts if it had a cut.
 */
function notePowerRange(): void {
  const power = runPower;
  if (power <= 0 || linearMoves + arcMoves == cutsAtRunStart) return;
  if (power < powerMin) powerMin = power;
  if (power > powerMax) powerMax = power;
}

/** A new feed on a cutting move: the feed range (inverse-time feeds are not speeds). */
function noteFeed(): void {
  lastRangeFeed = feed;
  if (isInverseTime || feed <= 0) return;
  if (feed < feedMin) feedMin = feed;
  if (feed > feedMax) feedMax = feed;
}

// ---- Segments ------------------------------------------------------------------------------------

// @ts-expect-error: AssemblyScript decorator
@inline function growBox(b: usize, p: usize): void {
  const x = f64At(p, 0);
  const y = f64At(p, 1);
  const z = f64At(p, 2);
  if (x < f64At(b, 0)) setF64(b, 0, x);
  if (y < f64At(b, 1)) setF64(b, 1, y);
  if (z < f64At(b, 2)) setF64(b, 2, z);
  if (x > f64At(b, 3)) setF64(b, 3, x);
  if (y > f64At(b, 4)) setF64(b, 4, y);
  if (z > f64At(b, 5)) setF64(b, 5, z);
}

function copyBox(to: usize, from: usize): void {
  for (let k = 0; k < 6; k++) setF64(to, k, f64At(from, k));
}

/**
 * Appends a segment from the current position to the target (`tgt`) and updates the extents.
 * `hasLength` tells a real feed move from a zero-length one (laser detection).
 */
function emit(kind: u8, hasLength: bool): void {
  const toX = f64At(tgt, 0);
  const toY = f64At(tgt, 1);
  const toZ = f64At(tgt, 2);
  // One box per segment: rapids grow `box` (the extent of everything is its union with the cut
  // box, taken at the end), cuts grow `cutBox`. The start of a segment is the end of the previous
  // one: it is only added when that one was not already counted in the same box.
  let cut = false;
  let powered = false;
  let b: usize;
  if (kind == KIND_RAPID) {
    b = box;
    if (lastCut || segments == 0) growBox(b, pos);
  } else {
    cut = true;
    b = cutBox;
    if (!frameKnown) captureFrame();
    if (hasLength && feed != lastRangeFeed) noteFeed();
    // The power of this cut (S while the spindle is on): its run's (see runPower).
    if (runPower > 0) {
      powered = true;
      if (pathPending && hasLength) {
        switchedPaths++;
        pathPending = false;
      }
      if (!poweredBoxIsCutBox) {
        if (!lastPowered) growBox(poweredBox, pos);
        growBox(poweredBox, tgt);
      }
    } else {
      if (spindleOn && hasLength) sawUnpoweredFeed = true;
      if (poweredBoxIsCutBox) {
        copyBox(poweredBox, cutBox);
        poweredBoxIsCutBox = false;
      }
    }
    if (!lastCut) growBox(b, pos);
  }
  if (toX < f64At(b, 0)) setF64(b, 0, toX);
  if (toY < f64At(b, 1)) setF64(b, 1, toY);
  if (toZ < f64At(b, 2)) setF64(b, 2, toZ);
  if (toX > f64At(b, 3)) setF64(b, 3, toX);
  if (toY > f64At(b, 4)) setF64(b, 4, toY);
  if (toZ > f64At(b, 5)) setF64(b, 5, toZ);
  lastCut = cut;
  lastPowered = powered;
  if (collectGeometry) {
    if (segments == 0) {
      for (let a = 0; a < 3; a++) setF64(firstVertex, a, f64At(pos, a));
    }
    const i = <usize>staged;
    const v = stageVertices + i * 12;
    store<f32>(v, <f32>toX);
    store<f32>(v, <f32>toY, 4);
    store<f32>(v, <f32>toZ, 8);
    store<u8>(stageKinds + i, kind);
    store<u16>(stageTools + (i << 1), <u16>tool);
    store<u32>(stageLines + (i << 2), <u32>lineIndex);
    if (kind != 0) stagedKinds = true;
    if (tool != 0) stagedTools = true;
    staged++;
    segments++;
    if (staged == STAGING_SEGMENTS) flush();
  } else {
    segments++;
  }
  positionKnown = true;
  setF64(pos, 0, toX);
  setF64(pos, 1, toY);
  setF64(pos, 2, toZ);
}

/** Hands the staged segments to JavaScript. */
function flush(): void {
  if (staged == 0) return;
  flushSegments(segments - staged, staged);
  staged = 0;
  stagedKinds = false;
  stagedTools = false;
}

/** Whether the staged segments have kinds / tools other than 0 (zeros need not be copied). */
export function stagedFlags(): i32 {
  return (stagedKinds ? 1 : 0) | (stagedTools ? 2 : 0);
}

/**
 * The end of the parse: the last staged segments out, the boxes completed (the powered box is the
 * cut box while every cut was powered; `box` takes in the cut box), the last power run's range, and
 * the frame if no cut set it.
 */
export function finish(): void {
  flush();
  if (poweredBoxIsCutBox) copyBox(poweredBox, cutBox);
  for (let a = 0; a < 3; a++) {
    if (f64At(cutBox, a) < f64At(box, a)) setF64(box, a, f64At(cutBox, a));
    if (f64At(cutBox, a + 3) > f64At(box, a + 3)) setF64(box, a + 3, f64At(cutBox, a + 3));
  }
  notePowerRange();
  if (!frameKnown) captureFrame();
}
