/**
 * The run time of an analysed model on one machine. The upload analysis estimates with rapids at
 * an assumed ASSUMED_RAPID_MM_PER_MIN; a machine whose rapid rate is known replaces that part of
 * the estimate with its own rate.
 * Pure: the stored analysis and a rate in, seconds out. The method is in docs/gcode.md.
 */
import { MM_PER_INCH } from "@/lib/utils/units";
import { ASSUMED_RAPID_MM_PER_MIN } from "./estimate-defaults";

export { ASSUMED_RAPID_MM_PER_MIN };

export interface RunTimeInputs {
  units: "mm" | "inch";
  /** Rapid path length, in `units`. */
  rapidDistance: number;
  /** The analysis' estimate with rapids at ASSUMED_RAPID_MM_PER_MIN. */
  estimatedSeconds: number;
}

/** The estimate with the rapids at `rapidMmPerMin` instead of the assumed rate. */
export function runTimeOnMachine(analysis: RunTimeInputs, rapidMmPerMin: number): number {
  if (!(rapidMmPerMin > 0)) return analysis.estimatedSeconds;
  const rapidMm = analysis.rapidDistance * (analysis.units === "inch" ? MM_PER_INCH : 1);
  const assumedRapidSeconds = (rapidMm / ASSUMED_RAPID_MM_PER_MIN) * 60;
  const machineRapidSeconds = (rapidMm / rapidMmPerMin) * 60;
  return Math.max(0, analysis.estimatedSeconds - assumedRapidSeconds + machineRapidSeconds);
}
