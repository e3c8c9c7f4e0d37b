import { SPINDLE_SPEED } from "@/lib/catalogue/enums";
import {
  type AnalysedModel,
  everyModelIsLaser,
  jobSetupSuggestions,
} from "@/lib/gcode/job-setup-suggestions";
import { editorDefaults, type PostEditorData } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";

/** The wizard fields as the post stores them (null where nothing is saved yet). */
export function storedFieldsOf(post: PostDetail): Record<keyof PostEditorData, unknown> {
  return {
    title: post.title,
    description: post.description,
    category: post.category?._id ?? "",
    tags: post.tags.map((tag) => tag._id),
    originalMachine: post.originalMachine?._id ?? "",
    supportedMachines: post.supportedMachines.map((machine) => machine._id),
    softwareUsed: post.softwareUsed,
    materialUsed: post.materialUsed,
    jobType: post.jobType,
    units: post.units,
    jobSizeWidth: post.jobSize.width,
    jobSizeHeight: post.jobSize.height,
    jobSizeThickness: post.jobSize.thickness,
    jobSizeDiameter: post.jobSize.diameter,
    jobSizeLength: post.jobSize.length,
    zZeroPosition: post.zZeroPosition,
    xyDatumPosition: post.xyDatumPosition,
    toolSetter: post.toolSetter,
    probeForZHeightCommand: post.probeForZHeightCommand,
    spindleSpeed: post.spindleSpeed,
    licenceType: post.licenceType,
    basedOn: post.basedOn.map((original) => original._id),
    toolData: post.toolData.map((tool) => ({ ...tool })),
  };
}

/** The editor's data from a stored post; what is missing takes the spec's edit loading defaults. */
export function editorDataOf(post: PostDetail | null): PostEditorData {
  return editorDefaults(post ? storedFieldsOf(post) : {});
}

/** The YouTube links stored with the post, in their order. */
export const youtubeUrlsOf = (post: PostDetail | null): string[] =>
  (post?.attachments ?? [])
    .filter((file) => file.resourceType === "youtube" && file.url)
    .map((file) => file.url ?? "");

/** The post's models with their analyses, in the shape the suggestions read. */
export const analysedModelsOf = (post: PostDetail | null): AnalysedModel[] =>
  (post?.attachments ?? [])
    .filter((file) => file.category === "postModel")
    .map((file) => ({ fileName: file.fileName, analysis: file.gcodeAnalysis }));

/** Where each value the wizard filled from the files came from (file names), by field. */
export type FilledFromFiles = Partial<Record<keyof PostEditorData, string[]>>;

/**
 * Fills what the author has not chosen (an empty field) with what the models' analyses say: units,
 * the flat job sizes; a laser-only project's spindle speed starts empty (a laser has no spindle).
 * Returns the data and, per filled field, the files it came from.
 */
export function fillFromFiles(
  data: PostEditorData,
  post: PostDetail | null,
): { data: PostEditorData; filled: FilledFromFiles } {
  const models = analysedModelsOf(post);
  const suggestions = jobSetupSuggestions(models, data.units);
  const next = { ...data };
  const filled: FilledFromFiles = {};
  if (next.units === "" && suggestions.units) {
    next.units = suggestions.units.value;
    filled.units = suggestions.units.from;
  }
  if (next.jobType !== "Rotary") {
    // Sizes follow the units just chosen, so they are worked out again in those units.
    const sized = jobSetupSuggestions(models, next.units);
    for (const key of ["jobSizeWidth", "jobSizeHeight", "jobSizeThickness"] as const) {
      const suggestion = sized[key];
      if (next[key] === null && suggestion) {
        next[key] = suggestion.value;
        filled[key] = suggestion.from;
      }
    }
  }
  if (
    everyModelIsLaser(models) &&
    post?.spindleSpeed == null &&
    next.spindleSpeed === SPINDLE_SPEED.default
  ) {
    next.spindleSpeed = Number.NaN;
  }
  return { data: next, filled };
}
