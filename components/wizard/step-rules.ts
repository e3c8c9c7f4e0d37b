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
import type { QueuedFile, StepErrors } from "./wizard-types";

/** The editor fields each step saves (steps 3, 5 and 8 save files or nothing). */
export const STEP_FIELDS: Record<number, (keyof PostEditorData)[]> = {
  1: ["title", "description", "category", "tags"],
  2: ["originalMachine", "supportedMachines"],
  3: [],
  4: [],
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

function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: StepErrors = {};
  if (result.success) return errors;
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

const models = (post: PostDetail | null) =>
  (post?.attachments ?? []).filter((file) => file.category === "postModel");

/** The field messages of one step; empty when the step may be saved. Same schemas as the server. */
export function stepErrors(
  step: number,
  {
    data,
    post,
    queue,
    youtubeUrls,
  }: { data: PostEditorData; post: PostDetail | null; queue: QueuedFile[]; youtubeUrls: string[] },
): StepErrors {
  const queued = (category: string) => queue.filter((item) => item.category === category);
  switch (step) {
    case 1: {
      const errors = firstMessages(detailsStepSchema.safeParse(data));
      const thumbnail = queued("postThumbnail")[0];
      if (thumbnail) {
        const problem = thumbnailFileProblem(thumbnail.file);
        if (problem) errors.thumbnail = problem;
      } else if (!post?.thumbnail) errors.thumbnail = AUTHORING_MESSAGES.thumbnailRequired;
      return errors;
    }
    case 2:
      return firstMessages(machinesStepSchema.safeParse(data));
    case 3: {
      const errors: StepErrors = {};
      const files = queued("postModel");
      const problem = files.map((item) => modelFileProblem(item.file)).find(Boolean);
      if (problem) errors.models = problem;
      else if (files.length === 0 && models(post).length === 0)
        errors.models = AUTHORING_MESSAGES.modelsRequired;
      return errors;
    }
    case 4: {
      const problems = toolTableProblems(
        models(post).map((model) => model._id),
        data.toolData,
      );
      return problems.length > 0 ? { toolData: problems[0]!.message } : {};
    }
    case 5: {
      const errors: StepErrors = {};
      const files = queued("postMedia");
      const problem = files.map((item) => mediaFileProblem(item.file)).find(Boolean);
      const links = youtubeUrlsSchema.safeParse(youtubeUrls);
      if (problem) errors.mediaFiles = problem;
      if (!links.success) errors.youtube = links.error.issues[0]?.message;
      const existing = (post?.attachments ?? []).some((file) => file.category === "postMedia");
      const hasLinks = youtubeUrls.some((url) => url.trim() !== "");
      if (!problem && files.length === 0 && !existing && !hasLinks)
        errors.mediaFiles = AUTHORING_MESSAGES.mediaRequired;
      return errors;
    }
    case 6:
      return firstMessages(jobSetupStepSchema.safeParse(data));
    case 7:
      return firstMessages(licenceStepSchema.safeParse(data));
    default:
      return {};
  }
}
