import type { StepErrors } from "@/components/wizard/wizard-types";
import { inCategory, type QueuedFile } from "@/components/wizard/upload-queue";
import {
  AUTHORING_MESSAGES,
  detailsStepSchema,
  jobSetupStepSchema,
  licenceStepSchema,
  machinesStepSchema,
  mediaFileProblem,
  modelFileProblem,
  type PostEditorData,
  thumbnailFileProblem,
  toolTableProblems,
  youtubeUrlsSchema,
} from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { everyModelIsLaser } from "@/lib/gcode/job-setup-suggestions";
import { analysedModelsOf } from "../_components/editor-data";

/** The editor fields each step saves (steps 3 and 5 save files, 8 only submits). */
export const STEP_FIELDS: Record<number, readonly (keyof PostEditorData)[]> = {
  1: ["title", "description", "category", "tags", "basedOn"],
  2: ["originalMachine", "supportedMachines"],
  3: [],
  4: ["toolData"],
  5: [],
  6: [
    "softwareUsed",
    "materialUsed",
    "jobType",
    "units",
    "jobSizeWidth",
    "jobSizeHeight",
    "jobSizeThickness",
    "jobSizeDiameter",
    "jobSizeLength",
    "zZeroPosition",
    "xyDatumPosition",
    "toolSetter",
    "probeForZHeightCommand",
    "spindleSpeed",
  ],
  7: ["licenceType"],
  8: [],
};

/** The step that edits a field the server named in a refused submit (`toolData.0.toolUsed` -> 4). */
export function stepOfField(path: string): number | null {
  const field = path.split(".")[0] ?? path;
  if (field === "thumbnail" || field === "thumbnailId") return 1;
  if (field === "models") return 3;
  if (field === "mediaFiles" || field === "youtube" || field === "youtubeUrls") return 5;
  for (const [step, fields] of Object.entries(STEP_FIELDS)) {
    if ((fields as readonly string[]).includes(field)) return Number(step);
  }
  return null;
}

const FILE_KEYS: Record<number, readonly string[]> = {
  1: ["thumbnail"],
  3: ["models"],
  5: ["mediaFiles", "youtube"],
};

/** True when stepErrors checks this message key on this step (so the browser can re-check it live). */
export function isCheckedOnStep(key: string, step: number): boolean {
  return (
    (STEP_FIELDS[step] as readonly string[] | undefined)?.includes(key) === true ||
    (FILE_KEYS[step] ?? []).includes(key)
  );
}

/** First message per field of a zod result. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): StepErrors {
  const errors: StepErrors = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

export interface StepState {
  data: PostEditorData;
  post: PostDetail | null;
  queue: readonly QueuedFile[];
  youtubeUrls: readonly string[];
  /** A picture already stored with the post, chosen as the thumbnail in step 1. */
  thumbnailChoice: string | null;
}

const stored = (post: PostDetail | null, category: string) =>
  (post?.attachments ?? []).filter((file) => file.category === category && file.resourceType !== "youtube");

/** The field messages of one step (accounts spec §5); empty when it may be saved. Same schemas as the server. */
export function stepErrors(step: number, { data, post, queue, youtubeUrls, thumbnailChoice }: StepState) {
  switch (step) {
    case 1: {
      const errors = messagesOf(detailsStepSchema.safeParse(data));
      const thumbnail = inCategory(queue, "postThumbnail")[0];
      const problem = thumbnail ? thumbnailFileProblem(thumbnail.file) : null;
      if (problem) errors.thumbnail = problem;
      else if (!thumbnail && !thumbnailChoice && !post?.thumbnail)
        errors.thumbnail = AUTHORING_MESSAGES.thumbnailRequired;
      return errors;
    }
    case 2:
      return messagesOf(machinesStepSchema.safeParse(data));
    case 3: {
      const files = inCategory(queue, "postModel");
      const problem = files.map((item) => modelFileProblem(item.file)).find(Boolean);
      if (problem) return { models: problem };
      if (files.length === 0 && stored(post, "postModel").length === 0)
        return { models: AUTHORING_MESSAGES.modelsRequired };
      return {};
    }
    case 4: {
      const modelIds = stored(post, "postModel").map((model) => model._id);
      const problem = toolTableProblems(modelIds, data.toolData)[0];
      return problem ? { toolData: problem.message } : {};
    }
    case 5: {
      const errors: StepErrors = {};
      const files = inCategory(queue, "postMedia");
      const problem = files.map((item) => mediaFileProblem(item.file)).find(Boolean);
      const links = youtubeUrlsSchema.safeParse([...youtubeUrls]);
      if (problem) errors.mediaFiles = problem;
      // A YouTube link counts as media, as on the server's submit rule.
      else if (
        files.length === 0 &&
        stored(post, "postMedia").length === 0 &&
        !youtubeUrls.some((url) => url.trim() !== "")
      )
        errors.mediaFiles = AUTHORING_MESSAGES.mediaRequired;
      if (!links.success) errors.youtube = links.error.issues[0]?.message;
      return errors;
    }
    case 6:
      return messagesOf(
        jobSetupStepSchema.safeParse({
          ...data,
          everyModelIsLaser: everyModelIsLaser(analysedModelsOf(post)),
        }),
      );
    case 7:
      return messagesOf(licenceStepSchema.safeParse(data));
    default:
      return {};
  }
}
