import { SEGMENT_KIND, type Toolpath } from "../toolpath";
import { toolpathBounds, type Bounds3 } from "../toolpath-builder";
import { generateLaserEngrave, laserSpotWidth, rasterLineInterval } from "./laser-engrave";
import { generatePocket } from "./pocket";
import { generateProfile } from "./profile";
import type { DesignRecipe } from "./recipe";
import { generateVCarveText, vGrooveWidth } from "./vcarve-text";
import type { GcodeWriter } from "./writer";

export interface ProgramStats {
  /** Length of feed moves (G1/G2/G3), in the program's units. */
  cutLength: number;
  /** Length of rapid moves (G0). */
  rapidLength: number;
  /** Extent of every move, retracts included. */
  bounds: Bounds3;
  /** Extent of the feed moves only: the part of the material the program touches. */
  cutBounds: Bounds3;
  /**
   * Width of the groove a cut leaves: the end mill's diameter, the V-groove's width at depth, the
   * laser's line interval or spot. Pass it to the thumbnail renderer as `kerfWidth`.
   */
  kerfWidth: number;
}

export interface GeneratedCam {
  gcode: string;
  toolpath: Toolpath;
  stats: ProgramStats;
}

export interface GenerateOptions {
  title: string;
  /** Varies only incidental output (the header date); the same recipe and seed give the same program. */
  seed?: number;
}

/**
 * Turns a design recipe into a G-code program as a grbl/Onefinity post would write it, with the
 * toolpath built from the very numbers written. Plain TypeScript: usable from scripts and workers.
 */
export function generateProgram(recipe: DesignRecipe, options: GenerateOptions): GeneratedCam {
  const info = { title: options.title, created: headerDate(options.seed ?? hashString(options.title)) };
  const writer = writerFor(recipe, info);
  const toolpath = writer.toolpath();
  return {
    gcode: writer.program(),
    toolpath,
    stats: { ...computeStats(toolpath), kerfWidth: kerfWidth(recipe) },
  };
}

function kerfWidth(recipe: DesignRecipe): number {
  switch (recipe.kind) {
    case "pocket":
    case "profile":
      return recipe.toolDiameter;
    case "vcarve-text":
      return vGrooveWidth(recipe.depth);
    case "laser-engrave":
      return recipe.mode === "raster-shape" ? rasterLineInterval(recipe) : laserSpotWidth(recipe.units);
  }
}

function writerFor(recipe: DesignRecipe, info: { title: string; created: string }): GcodeWriter {
  switch (recipe.kind) {
    case "pocket":
      return generatePocket(recipe, info);
    case "profile":
      return generateProfile(recipe, info);
    case "vcarve-text":
      return generateVCarveText(recipe, info);
    case "laser-engrave":
      return generateLaserEngrave(recipe, info);
  }
}

/** `Onefinity Coaster Set!` -> `onefinity-coaster-set.nc` (`.gcode` for laser programs). */
export function programFileName(title: string, recipe: DesignRecipe): string {
  const slug =
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "program";
  return `${slug}${recipe.kind === "laser-engrave" ? ".gcode" : ".nc"}`;
}

export function computeStats(toolpath: Toolpath): Omit<ProgramStats, "kerfWidth"> {
  const { positions, kinds } = toolpath;
  let cutLength = 0;
  let rapidLength = 0;
  for (let i = 0; i < toolpath.segmentCount; i++) {
    const p = i * 6;
    const length = Math.hypot(
      (positions[p + 3] ?? 0) - (positions[p] ?? 0),
      (positions[p + 4] ?? 0) - (positions[p + 1] ?? 0),
      (positions[p + 5] ?? 0) - (positions[p + 2] ?? 0),
    );
    if (kinds[i] === SEGMENT_KIND.rapid) rapidLength += length;
    else cutLength += length;
  }
  const empty: Bounds3 = { min: [0, 0, 0], max: [0, 0, 0] };
  return {
    cutLength,
    rapidLength,
    bounds: toolpathBounds(toolpath) ?? empty,
    cutBounds: toolpathBounds(toolpath, (kind) => kind !== SEGMENT_KIND.rapid) ?? empty,
  };
}

function hashString(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** A date in 2024-2025 picked by the seed, so headers differ between projects but never between runs. */
function headerDate(seed: number): string {
  const day = (((Math.trunc(seed) % 730) + 730) % 730) * 86_400_000;
  return new Date(Date.UTC(2024, 0, 1) + day).toISOString().slice(0, 10);
}
