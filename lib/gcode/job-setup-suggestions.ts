import { JOB_SIZE_DEFAULTS, type ToolFamily, type ToolType, type ToolUnit } from "@/lib/catalogue/enums";
import type { GcodeAnalysis } from "@/lib/db/schema/attachments";
import { isToolType } from "./tool-comments";

/*
 * What the uploaded models' analyses say about the job setup (step 6) and each model's tool
 * (step 4), with the files each value came from, so the wizard can fill what the author has not
 * chosen and say where it came from. Pure: no DOM, Node or database.
 */

export interface AnalysedModel {
  fileName: string;
  analysis:
    | (Pick<GcodeAnalysis, "units" | "isLaser" | "minCutZ" | "toolComments"> & {
        cutBounds: { min: readonly number[]; max: readonly number[] };
      })
    | null;
}

export interface Suggestion<T> {
  value: T;
  /** The files the value was read from. */
  from: string[];
}

export interface JobSetupSuggestions {
  units?: Suggestion<"Inches" | "MM">;
  jobSizeWidth?: Suggestion<number>;
  jobSizeHeight?: Suggestion<number>;
  jobSizeThickness?: Suggestion<number>;
}

const MM_PER_INCH = 25.4;
/** Rounds a length up to the job-size step (0.25), so the job always holds the cut. */
export const roundUpToJobStep = (value: number) => {
  const step = JOB_SIZE_DEFAULTS.step;
  // 1e-9 keeps an exact multiple (74.0000001 from float noise) from climbing a step.
  return Math.ceil(value / step - 1e-9) * step;
};

const analysed = (models: readonly AnalysedModel[]) =>
  models.filter((model): model is AnalysedModel & { analysis: NonNullable<AnalysedModel["analysis"]> } =>
    Boolean(model.analysis),
  );

/**
 * The job setup the files describe: units when every file agrees (G20 inch, else mm), width and
 * height from the widest cut extents, thickness from the deepest cut, in the chosen units
 * (the author's, else the files'), rounded up to the job-size step. A value no file gives is left out.
 */
export function jobSetupSuggestions(models: readonly AnalysedModel[], chosenUnits = ""): JobSetupSuggestions {
  const files = analysed(models);
  if (files.length === 0) return {};
  const suggestions: JobSetupSuggestions = {};
  const fileUnits = new Set(files.map((file) => file.analysis.units));
  const names = files.map((file) => file.fileName);
  if (fileUnits.size === 1)
    suggestions.units = { value: fileUnits.has("inch") ? "Inches" : "MM", from: names };
  const units = chosenUnits === "Inches" || chosenUnits === "MM" ? chosenUnits : suggestions.units?.value;
  if (!units) return suggestions;
  const convert = (length: number, from: "mm" | "inch") =>
    from === (units === "MM" ? "mm" : "inch")
      ? length
      : from === "mm"
        ? length / MM_PER_INCH
        : length * MM_PER_INCH;

  const largest = (
    measure: (file: (typeof files)[number]) => number | null,
  ): Suggestion<number> | undefined => {
    let best: Suggestion<number> | undefined;
    for (const file of files) {
      const raw = measure(file);
      if (raw === null || !(raw > 0)) continue;
      const value = roundUpToJobStep(convert(raw, file.analysis.units));
      if (!best || value > best.value) best = { value, from: [file.fileName] };
      else if (value === best.value) best.from.push(file.fileName);
    }
    return best;
  };
  const extent = (axis: 0 | 1) => (file: (typeof files)[number]) => {
    const { min, max } = file.analysis.cutBounds;
    const low = min[axis];
    const high = max[axis];
    return low === undefined || high === undefined ? null : high - low;
  };
  const width = largest(extent(0));
  const height = largest(extent(1));
  const thickness = largest((file) => {
    const deepest = file.analysis.minCutZ;
    return typeof deepest === "number" && deepest < 0 ? -deepest : null;
  });
  if (width) suggestions.jobSizeWidth = width;
  if (height) suggestions.jobSizeHeight = height;
  if (thickness) suggestions.jobSizeThickness = thickness;
  return suggestions;
}

/** True when there are models and every one is a laser job by its analysis. */
export function everyModelIsLaser(models: readonly AnalysedModel[]): boolean {
  return models.length > 0 && models.every((model) => model.analysis?.isLaser === true);
}

export interface ToolSuggestion {
  family: ToolFamily;
  /** Endmills: the size and type the file's comments give (absent when they give none). */
  unit?: ToolUnit;
  size?: number;
  type?: ToolType;
  /** What the values were read from, for the step to say. */
  source: "laser" | "comments" | null;
}

/** The tool the step-4 form proposes for a model: Laser for a laser job, else the first tool its comments name. */
export function toolSuggestion(model: AnalysedModel): ToolSuggestion {
  const analysis = model.analysis;
  if (analysis?.isLaser) return { family: "Laser", source: "laser" };
  const named = analysis?.toolComments?.[0];
  if (!named) return { family: "Endmill", source: null };
  return {
    family: "Endmill",
    unit: named.unit,
    size: named.diameter,
    ...(isToolType(named.type) ? { type: named.type } : {}),
    source: "comments",
  };
}
