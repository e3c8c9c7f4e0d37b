import { fitJobToArea, type FitVerdict } from "@/lib/gcode/machine-fit";
import { ASSUMED_RAPID_MM_PER_MIN, runTimeOnMachine } from "@/lib/gcode/run-time";
import { MM_PER_INCH } from "@/lib/utils/units";
import type { PostAttachment, PostMachine } from "@/lib/validation/posts";

type Analysis = NonNullable<PostAttachment["gcodeAnalysis"]>;

/** The cut's extent in millimetres (x, y, depth) from the G-code engine's analysis. */
export function cutSizeMm(analysis: Analysis): { x: number; y: number; z: number } {
  const scale = analysis.units === "inch" ? MM_PER_INCH : 1;
  const span = (axis: number) =>
    Math.max(0, (analysis.cutBounds.max[axis] ?? 0) - (analysis.cutBounds.min[axis] ?? 0)) * scale;
  return { x: span(0), y: span(1), z: span(2) };
}

/** The G-code engine's verdict for one model on one machine (lib/gcode/machine-fit.ts holds the rule). */
export function machineFitVerdict(analysis: Analysis, machine: PostMachine): FitVerdict {
  const { xMm, yMm, zMm } = machine.workArea;
  return fitJobToArea(analysis, { x: xMm, y: yMm, z: zMm }).verdict;
}

/** Whether the cut fits the machine's work area, either way round on the bed. */
export function fitsMachine(analysis: Analysis, machine: PostMachine): boolean {
  return machineFitVerdict(analysis, machine) !== "tooLarge";
}

/** The model's estimated run time on the machine, rapids at its controller's rate (or the assumed one). */
export function machineRunTime(analysis: Analysis, machine: PostMachine): number {
  return runTimeOnMachine(analysis, machine.rapidMmPerMin ?? ASSUMED_RAPID_MM_PER_MIN);
}

export function formatSize(analysis: Analysis): string {
  const size = cutSizeMm(analysis);
  const unit = analysis.units === "inch" ? "in" : "mm";
  const scale = analysis.units === "inch" ? 1 / MM_PER_INCH : 1;
  const digits = analysis.units === "inch" ? 2 : 1;
  return `${(size.x * scale).toFixed(digits)} × ${(size.y * scale).toFixed(digits)} × ${(size.z * scale).toFixed(digits)} ${unit}`;
}
