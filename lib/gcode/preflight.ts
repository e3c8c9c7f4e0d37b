/*
 * The pre-flight report of one uploaded model: plain warnings an author sees on steps 3, 4 and 8
 * and a reviewer sees in the queue. Pure: no DOM, Node or database.
 *
 * Inputs: the G-code engine's stored analysis of the whole file (lib/gcode, attachments.gcode_analysis),
 * the facts of the program's head up to its first cut (`scanGcodeHead`, below), and what the author
 * said in the wizard (job setup and the step-4 tool table). Any of them may be missing: a check
 * without its inputs is skipped, never guessed.
 */

import { checkFeeds, type FeedCheck, type FeedsCheckInput, feedWarning } from "@/lib/feeds/feeds-check";

export const PREFLIGHT_VERSION = 2;

/** Where the stored report lives: `attachments.preflight` (read by the wizard and the review queue). */
export interface PreflightReport {
  version: number;
  warnings: string[];
  /** The feeds check per endmill (lib/feeds); its low and high verdicts are also warnings. */
  feeds: FeedCheck[];
}

/** What the head of a program says before its first cut. */
export interface GcodeHeadFacts {
  /** The first unit word of the program (G20 inch, G21 mm); "both" when the head has both. */
  declaredUnits: "G20" | "G21" | "both" | null;
  /** 1-based line of the first feed move below the highest Z seen so far; null when none was read. */
  firstCutLine: number | null;
  /** Whether M3/M4 was in force at that line; null when no cut was read. */
  spindleOnAtFirstCut: boolean | null;
}

type Box = { min: readonly number[]; max: readonly number[] };

export interface PreflightInput {
  analysis: {
    units: "mm" | "inch";
    cutBounds: Box;
    tools: readonly number[];
    isLaser: boolean;
    minCutZ?: number | null;
    spindleSpeeds: readonly number[];
    toolFeeds?: FeedsCheckInput["toolFeeds"];
  } | null;
  head: GcodeHeadFacts | null;
  job: {
    /** The job setup's units: "Inches" or "MM" (lib/catalogue/enums.ts UNITS); null when not set. */
    units: string | null;
    jobType: string | null;
    zZeroPosition: string | null;
    width: number | null;
    height: number | null;
    thickness: number | null;
    diameter: number | null;
    length: number | null;
  };
  /** The tool table rows mapped to this model in step 4. */
  mappedTools: readonly { laserOrEndmill: string }[];
  /** What the feeds check needs beyond the analysis; absent: no feeds check. */
  feeds?: Omit<FeedsCheckInput, "toolFeeds" | "isLaser" | "zZeroPosition" | "thickness" | "units">;
}

const MM_PER_INCH = 25.4;
/** Differences below this share of the job size (plus a hair) are rounding, not a warning. */
const TOLERANCE = 0.01;

const format = (value: number) => String(Math.round(value * 100) / 100);

function jobUnit(units: string | null): "mm" | "inch" | null {
  if (units === "MM") return "mm";
  if (units === "Inches") return "inch";
  return null;
}

function convert(value: number, from: "mm" | "inch", to: "mm" | "inch"): number {
  if (from === to) return value;
  return from === "inch" ? value * MM_PER_INCH : value / MM_PER_INCH;
}

const exceeds = (value: number, limit: number) => value > limit * (1 + TOLERANCE) + 1e-6;

function unitWarnings({ head, analysis, job }: PreflightInput): string[] {
  const wanted = jobUnit(job.units);
  if (head) {
    if (head.declaredUnits === null) {
      return [
        "The file does not set its units (no G20 or G21): the machine will run it in whatever units it was left in.",
      ];
    }
    if (head.declaredUnits === "both") {
      return ["The file switches between inches (G20) and millimetres (G21) before its first cut."];
    }
    if (wanted === "mm" && head.declaredUnits === "G20") {
      return ["The file is in inches (G20) but the job setup says MM."];
    }
    if (wanted === "inch" && head.declaredUnits === "G21") {
      return ["The file is in millimetres (G21) but the job setup says Inches."];
    }
    return [];
  }
  if (analysis && wanted && analysis.units !== wanted) {
    return [
      analysis.units === "inch"
        ? "The file is in inches (G20) but the job setup says MM."
        : "The file is in millimetres but the job setup says Inches.",
    ];
  }
  return [];
}

function spindleWarnings({ head, analysis }: PreflightInput): string[] {
  if (analysis?.isLaser) return [];
  if (head?.spindleOnAtFirstCut === false) {
    return [`The first cut (line ${head.firstCutLine}) comes before the spindle is switched on (M3 or M4).`];
  }
  if (analysis && !head && analysis.spindleSpeeds.length === 0) {
    return ["The spindle is never switched on with a speed (M3 or M4 with S) while cutting."];
  }
  return [];
}

function depthWarnings({ analysis, job }: PreflightInput): string[] {
  const unit = jobUnit(job.units);
  if (!analysis || analysis.isLaser || !unit || job.jobType === "Rotary") return [];
  const minCutZ = analysis.minCutZ;
  if (minCutZ === null || minCutZ === undefined) return [];
  const deepest = convert(minCutZ, analysis.units, unit);
  const label = unit === "mm" ? "mm" : "in";
  if (job.zZeroPosition === "Machine Bed") {
    return deepest < -1e-6
      ? [`The cuts go ${format(-deepest)} ${label} below Z0, which the job setup puts on the machine bed.`]
      : [];
  }
  const thickness = job.thickness;
  if (thickness === null || !(thickness > 0) || deepest >= 0) return [];
  return exceeds(-deepest, thickness)
    ? [
        `The deepest cut (${format(-deepest)} ${label}) is deeper than the job thickness (${format(thickness)} ${label}): the bit will cut into the spoilboard.`,
      ]
    : [];
}

/**
 * The tool check alone: step 4 runs it in the browser against the table being edited, so its
 * warnings follow the author's changes before they are saved.
 */
export function preflightToolWarnings(
  analysis: { isLaser: boolean; tools: readonly number[] } | null,
  mappedTools: readonly { laserOrEndmill: string }[],
): string[] {
  return toolWarnings({ analysis, mappedTools });
}

function toolWarnings({
  analysis,
  mappedTools,
}: {
  analysis: { isLaser: boolean; tools: readonly number[] } | null;
  mappedTools: PreflightInput["mappedTools"];
}): string[] {
  if (mappedTools.length === 0) return ["No tool is mapped to this model in step 4."];
  if (!analysis) return [];
  const lasers = mappedTools.filter((tool) => tool.laserOrEndmill === "Laser").length;
  const endmills = mappedTools.length - lasers;
  if (analysis.isLaser && endmills > 0 && lasers === 0) {
    return ["The file looks like a laser job, but step 4 maps an endmill to it."];
  }
  if (!analysis.isLaser && lasers > 0) {
    return ["The file looks like a spindle (endmill) job, but step 4 maps a laser to it."];
  }
  if (analysis.isLaser) return [];
  const fileTools = analysis.tools.filter((tool) => tool > 0);
  if (fileTools.length > 1 && fileTools.length !== endmills) {
    const names = fileTools.map((tool) => `T${tool}`).join(", ");
    return [
      `The file changes between ${fileTools.length} tools (${names}) but step 4 maps ${endmills} ${endmills === 1 ? "tool" : "tools"} to it.`,
    ];
  }
  return [];
}

function sizeWarnings({ analysis, job }: PreflightInput): string[] {
  const unit = jobUnit(job.units);
  if (!analysis || !unit) return [];
  const label = unit === "mm" ? "mm" : "in";
  const span = (axis: 0 | 1) =>
    convert((analysis.cutBounds.max[axis] ?? 0) - (analysis.cutBounds.min[axis] ?? 0), analysis.units, unit);
  const [x, y] = [span(0), span(1)];
  if (job.jobType === "Rotary") {
    const length = job.length;
    return length !== null && length > 0 && exceeds(x, length)
      ? [
          `The cuts run ${format(x)} ${label} along X, longer than the job length (${format(length)} ${label}).`,
        ]
      : [];
  }
  const { width, height } = job;
  if (width === null || height === null || !(width > 0) || !(height > 0)) return [];
  return exceeds(x, width) || exceeds(y, height)
    ? [
        `The cuts cover ${format(x)} x ${format(y)} ${label}, more than the job size (${format(width)} x ${format(height)} ${label}).`,
      ]
    : [];
}

/** The warnings of one model; an empty list means every check that could run passed. */
export function buildPreflightReport(input: PreflightInput): PreflightReport {
  const feeds =
    input.feeds && input.analysis
      ? checkFeeds({
          ...input.feeds,
          toolFeeds: input.analysis.toolFeeds,
          isLaser: input.analysis.isLaser,
          zZeroPosition: input.job.zZeroPosition,
          thickness: input.job.thickness,
          units: input.job.units,
        })
      : [];
  const warnings = [
    ...unitWarnings(input),
    ...spindleWarnings(input),
    ...depthWarnings(input),
    ...toolWarnings(input),
    ...sizeWarnings(input),
    ...feeds.map(feedWarning).filter((warning): warning is string => warning !== null),
  ];
  return { version: PREFLIGHT_VERSION, warnings, feeds };
}

// ---------------------------------------------------------------------------------------------
// The program's head
// ---------------------------------------------------------------------------------------------

const WORD = /([A-Z])\s*([-+]?(?:\d+\.?\d*|\.\d+))/g;

/**
 * Reads a program's text from its start up to its first cut: the unit words before it and whether
 * the spindle was on. A "cut" is a feed move (G1/G2/G3) with X or Y below the highest Z seen so far
 * (the safe height), so positioning moves at the top are not cuts. `text` may be only the head of
 * the file (the service reads the first 2 MB); a head without a cut gives `firstCutLine: null`.
 */
export function scanGcodeHead(text: string): GcodeHeadFacts {
  let declared: GcodeHeadFacts["declaredUnits"] = null;
  let motion = 0;
  let absolute = true;
  let z: number | null = null;
  let topZ = -Infinity;
  let spindleOn = false;
  let lineNumber = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    lineNumber += 1;
    const line = text
      .slice(start, end)
      .replace(/\([^)]*\)/g, "")
      .replace(/;[^\n]*/, "")
      .toUpperCase();
    start = end + 1;
    let hasXY = false;
    let zWord: number | null = null;
    let spindleChange: boolean | null = null;
    for (const [, letter, raw] of line.matchAll(WORD)) {
      const value = Number(raw);
      if (letter === "G") {
        if (value === 0 || value === 1 || value === 2 || value === 3) motion = value;
        else if (value === 20 || value === 21) {
          const word = value === 20 ? "G20" : "G21";
          declared = declared === null || declared === word ? word : "both";
        } else if (value === 90) absolute = true;
        else if (value === 91) absolute = false;
      } else if (letter === "M") {
        if (value === 3 || value === 4) spindleChange = true;
        else if (value === 5 || value === 2 || value === 30) spindleChange = false;
      } else if (letter === "X" || letter === "Y") hasXY = true;
      else if (letter === "Z") zWord = value;
    }
    // RS274: the spindle word acts before motion on the same line.
    if (spindleChange !== null) spindleOn = spindleChange;
    if (zWord !== null) z = absolute || z === null ? zWord : z + zWord;
    const isCut = motion !== 0 && hasXY && z !== null && z < topZ - 1e-9;
    if (isCut) return { declaredUnits: declared, firstCutLine: lineNumber, spindleOnAtFirstCut: spindleOn };
    if (z !== null) topZ = Math.max(topZ, z);
  }
  return { declaredUnits: declared, firstCutLine: null, spindleOnAtFirstCut: null };
}
