/*
 * Does a job fit a machine? Pure: compares a G-code job's extent (from its analysis) with a CNC
 * variant's work area from the catalogue (tool-centre travel in mm). Used by the project page
 * (components/project/machine-fit.ts); no DOM, Node or database.
 */
import { MM_PER_INCH } from "./parser";

/** [x, y, z] corners; stored analyses (JSON) type them as plain arrays. */
type Box = { min: readonly number[]; max: readonly number[] };

/** What a job needs, from its stored analysis (GcodeAnalysis) or parser statistics. */
export interface JobExtentInput {
  units: "mm" | "inch";
  /** Extent of everything, rapids included. */
  bounds: Box;
  /** Extent of the cutting moves (powered moves for a laser). */
  cutBounds: Box;
  isLaser: boolean;
}

export interface JobSizeMm {
  /** Width and depth of the cut area: what the bed must hold. */
  x: number;
  y: number;
  /** Vertical travel the program uses (retract height to deepest cut); 0 for lasers. */
  z: number;
}

export interface WorkAreaMm {
  x: number;
  y: number;
  /** Null when the catalogue has no Z travel figure. */
  z: number | null;
}

/**
 * fits: as programmed; fitsRotated: only with the stock turned 90° on the bed (the program would
 * need re-posting or rotating); tooLarge: neither; the Z travel is checked when known.
 */
export type FitVerdict = "fits" | "fitsRotated" | "tooLarge";

export interface MachineFit {
  verdict: FitVerdict;
  /** Convenience: verdict === "fits". */
  fits: boolean;
  job: JobSizeMm;
  area: WorkAreaMm;
  /** Axes where the job is larger than the machine (as programmed). */
  tooLargeOn: Array<"X" | "Y" | "Z">;
  /** False when the area has no Z figure, so Z was not compared. */
  zChecked: boolean;
}

/** Slack for rounding in the catalogue and the analysis (mm). */
const EPSILON_MM = 0.01;

export function jobSizeMm(job: JobExtentInput): JobSizeMm {
  const scale = job.units === "inch" ? MM_PER_INCH : 1;
  const span = (box: Box, axis: 0 | 1 | 2): number =>
    Math.max(0, ((box.max[axis] ?? 0) - (box.min[axis] ?? 0)) * scale);
  return {
    x: span(job.cutBounds, 0),
    y: span(job.cutBounds, 1),
    z: job.isLaser ? 0 : span(job.bounds, 2),
  };
}

export function fitJobToArea(job: JobExtentInput, area: WorkAreaMm): MachineFit {
  const size = jobSizeMm(job);
  const zChecked = area.z !== null && !job.isLaser;
  const zFits = !zChecked || size.z <= (area.z ?? 0) + EPSILON_MM;
  const within = (a: number, b: number): boolean => a <= b + EPSILON_MM;
  const tooLargeOn: Array<"X" | "Y" | "Z"> = [];
  if (!within(size.x, area.x)) tooLargeOn.push("X");
  if (!within(size.y, area.y)) tooLargeOn.push("Y");
  if (!zFits) tooLargeOn.push("Z");
  let verdict: FitVerdict = "tooLarge";
  if (tooLargeOn.length === 0) verdict = "fits";
  else if (zFits && within(size.y, area.x) && within(size.x, area.y)) verdict = "fitsRotated";
  return { verdict, fits: verdict === "fits", job: size, area, tooLargeOn, zChecked };
}
