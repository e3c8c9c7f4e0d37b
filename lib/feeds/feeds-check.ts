/*
 * The feeds check of one model: for each endmill of its tool table, the chipload the file cuts with
 * (feed / (rpm x flutes), mm per tooth) against the chart's range for the project's material and
 * the bit's diameter, reduced for deep cuts. Pure: no DOM, Node or database.
 */
import { TOOL_FLUTES } from "@/lib/catalogue/enums";
import { CHIPLOAD_SOURCES, chartRangeMm, findChiploadRow, MM_PER_INCH } from "./chipload-table";

export type FeedStatus = "ok" | "low" | "high";

export interface FeedCheck {
  tool: { _id: string; number: number; diameterMm: number; type: string | null };
  feedMmPerMin: number;
  rpm: number;
  flutes: number;
  chiploadMm: number;
  /** The chart's range after the depth rule, mm per tooth. */
  recommendedMm: [number, number];
  status: FeedStatus;
  material: string;
  /** The deepest single pass of this tool, mm; null when the surface is unknown. */
  depthOfCutMm: number | null;
  /** 1, 0.75 (depth of cut at least 2x the diameter) or 0.5 (at least 3x). */
  depthFactor: number;
  source: { name: string; url: string };
}

/** Bit types the charts are written for (straight and spiral cutters); V, drag and profile bits cut at a varying diameter. */
export const CHECKED_TOOL_TYPES = ["Upcut Endmill", "Downcut Endmill", "Ball Nose", "Drill Mill"] as const;

export interface FeedsCheckInput {
  /** The stored analysis's per-tool feeds (mm); null or absent on laser jobs and older analyses. */
  toolFeeds:
    | readonly {
        tool: number;
        feedMmPerMin: number;
        rpm: number | null;
        topCutZMm: number;
        maxStepDownMm: number;
      }[]
    | null
    | undefined;
  isLaser: boolean;
  /** The tool table rows mapped to this model, in table order. */
  mappedTools: readonly {
    id: string;
    laserOrEndmill: string;
    toolUsed: number | null;
    toolUnit: string | null;
    toolType: string | null;
    flutes: number | null;
  }[];
  material: string | null;
  /** The job setup's spindle speed; the file's S is used when it is not set. */
  spindleSpeed: number | null;
  zZeroPosition: string | null;
  /** Job thickness in the job's units ("Inches" or "MM"). */
  thickness: number | null;
  units: string | null;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

export function chiploadMm(feedMmPerMin: number, rpm: number, flutes: number): number {
  return feedMmPerMin / (rpm * flutes);
}

/** The depth rule of the bit makers' charts: reduce 25% at 2x the diameter, 50% at 3x. */
export function depthFactor(depthOfCutMm: number | null, diameterMm: number): number {
  if (depthOfCutMm === null || !(diameterMm > 0)) return 1;
  const ratio = depthOfCutMm / diameterMm;
  if (ratio >= 3 - 1e-9) return 0.5;
  if (ratio >= 2 - 1e-9) return 0.75;
  return 1;
}

export function feedStatus(chipload: number, [min, max]: readonly [number, number]): FeedStatus {
  if (chipload < min - 1e-9) return "low";
  if (chipload > max + 1e-9) return "high";
  return "ok";
}

function toMm(value: number, unit: string | null): number {
  return unit === "inches" || unit === "Inches" ? value * MM_PER_INCH : value;
}

function surfaceMm(input: FeedsCheckInput): number | null {
  if (input.zZeroPosition === "Machine Bed") {
    return input.thickness !== null && input.thickness > 0 ? toMm(input.thickness, input.units) : null;
  }
  return 0;
}

/** The checks of one model; tools the check cannot judge (lasers, other bit types, no chart row) are left out. */
export function checkFeeds(input: FeedsCheckInput): FeedCheck[] {
  if (input.isLaser || !input.toolFeeds || input.toolFeeds.length === 0) return [];
  const row = findChiploadRow(input.material);
  if (!row) return [];
  const endmills = input.mappedTools.filter((tool) => tool.laserOrEndmill === "Endmill");
  // Table rows pair with the file's tools in order; a count mismatch is the tool check's warning.
  if (endmills.length !== input.toolFeeds.length) return [];
  const surface = surfaceMm(input);
  const source = CHIPLOAD_SOURCES[row.source];
  const checks: FeedCheck[] = [];
  endmills.forEach((tool, index) => {
    const feeds = input.toolFeeds![index]!;
    if (!tool.toolType || !(CHECKED_TOOL_TYPES as readonly string[]).includes(tool.toolType)) return;
    if (tool.toolUsed === null) return;
    const diameterMm = toMm(tool.toolUsed, tool.toolUnit);
    const chart = chartRangeMm(row, diameterMm);
    const rpm = input.spindleSpeed ?? feeds.rpm;
    if (!chart || !rpm || !(feeds.feedMmPerMin > 0)) return;
    const flutes = tool.flutes ?? TOOL_FLUTES.default;
    const depthOfCutMm =
      surface === null ? null : round(Math.max(feeds.maxStepDownMm, surface - feeds.topCutZMm, 0), 3);
    const factor = depthFactor(depthOfCutMm, diameterMm);
    const recommendedMm: [number, number] = [round(chart[0] * factor), round(chart[1] * factor)];
    const chipload = round(chiploadMm(feeds.feedMmPerMin, rpm, flutes));
    checks.push({
      tool: { _id: tool.id, number: feeds.tool, diameterMm: round(diameterMm, 3), type: tool.toolType },
      feedMmPerMin: feeds.feedMmPerMin,
      rpm,
      flutes,
      chiploadMm: chipload,
      recommendedMm,
      status: feedStatus(chipload, recommendedMm),
      material: row.material,
      depthOfCutMm,
      depthFactor: factor,
      source: { name: source.name, url: source.url },
    });
  });
  return checks;
}

const mm = (value: number) => String(round(value, 4));

/** The pre-flight sentence of a check outside its range; null when it is in range. */
export function feedWarning(check: FeedCheck): string | null {
  if (check.status === "ok") return null;
  const bit = `${mm(check.tool.diameterMm)} mm ${check.tool.type ?? "bit"}${check.tool.number > 0 ? ` (T${check.tool.number})` : ""}`;
  const depth =
    check.depthFactor < 1
      ? `, reduced ${Math.round((1 - check.depthFactor) * 100)}% for a ${mm(check.depthOfCutMm ?? 0)} mm depth of cut`
      : "";
  const numbers = `${mm(check.chiploadMm)} mm per tooth (${check.feedMmPerMin} mm/min at ${check.rpm} rpm, ${check.flutes} flutes)`;
  const range = `${mm(check.recommendedMm[0])}-${mm(check.recommendedMm[1])} mm recommended for ${check.material}${depth}`;
  return check.status === "low"
    ? `Chipload too low on the ${bit}: ${numbers} is below the ${range}; the bit rubs and burns instead of cutting.`
    : `Chipload too high on the ${bit}: ${numbers} is above the ${range}; the bit may break.`;
}
