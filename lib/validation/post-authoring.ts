import { z } from "zod";
import {
  JOB_SIZE_DEFAULTS,
  JOB_TYPES,
  type JobType,
  LICENCE_VALUES,
  MATERIAL_VALUES,
  PROBE_FOR_Z,
  SOFTWARE,
  SPINDLE_SPEED,
  TAG_TYPES,
  TOOL_FAMILIES,
  TOOL_FLUTES,
  TOOL_SIZE_RANGE,
  TOOL_SETTER,
  TOOL_TYPES,
  TOOL_UNITS,
  UNITS,
  XY_DATUM_POSITIONS,
  Z_ZERO_POSITIONS,
} from "@/lib/catalogue/enums";
import { GCODE_UPLOAD_EXTENSIONS, GCODE_UPLOAD_TYPE_MESSAGE } from "@/lib/gcode/file-types";
import { endpoint } from "@/lib/validation/endpoint";
import { formDataToObject } from "@/lib/validation/form-data";
import { idSchema } from "./common";
import { MAKE_IMAGE_MAX_BYTES } from "./makes";
import { postDetailSchema } from "./posts";
import { basedOnSchema } from "./remixes";
import { tagSchema } from "./taxonomy";

/**
 * The project wizard's rules (accounts spec §2, §4, §5; discovery spec §4, §5), shared by the
 * wizard's steps in the browser, the API's contracts and the server's submit rule, so a message
 * is written once. Everything here is pure.
 */

import { LAST_STEP } from "./wizard-steps";

export { editProjectHref, LAST_STEP, WIZARD_STEPS } from "./wizard-steps";

export const STEP_INVALID_MESSAGE = "Please fix the errors before continuing.";

export const AUTHORING_MESSAGES = {
  title: "Title must be at least 3 characters long",
  description: "Description must be at least 3 characters long",
  category: "Category must be selected",
  tags: "At least two tags are required",
  thumbnailRequired: "A post thumbnail is required",
  thumbnailSize: "Upload a valid thumbnail (invalid file size)",
  thumbnailType: "Upload a valid thumbnail (invalid file type)",
  originalMachine: "Original machine is required",
  modelsRequired: "At least one model is required",
  modelSize: "Upload a valid model (invalid file size)",
  modelType: GCODE_UPLOAD_TYPE_MESSAGE,
  // The spec's media step really says "model" here.
  mediaRequired: "At least one model is required",
  mediaSize: "Upload a valid media (invalid file size)",
  mediaType: "Upload a valid media (invalid file type)",
  youtubeUrl: "Must be a valid URL",
  youtubeVideo: "Must be a valid youtube shorts URL",
  youtubeDuplicate: "YouTube URL cant be added twice.",
  toolType: "Tool type is required",
  toolUnit: "Tool unit is required",
  toolSize: "Tool size is required",
  toolSizeNumber: "Tool size must be a number",
  toolSizeRange: "Invalid tool size for the selected unit",
  toolFlutes: "Flutes must be a whole number from 1 to 8",
  toolBitType: "Tool bit type is required",
  oneLaserTool: "Only one tool data can be added for laser type",
  everyModelNeedsTool: "All models must have a tool assigned, switch models here to add tools",
  software: "Please select the software used.",
  material: "Please select the material used.",
  jobType: "Please select a job type.",
  units: "Please select the units.",
  zZero: "Please select the Z zero position.",
  xyDatum: "Please select the XY datum position.",
  toolSetter: "Please select the tool setter.",
  probe: "Please select the probe for Z height command.",
  spindleMin: "Spindle speed must be at least 6000 RPM.",
  spindleMax: "Spindle speed must be at most 24000 RPM.",
  spindleInvalid: "Please enter a valid spindle speed.",
  diameter: "Job diameter must be a positive number.",
  length: "Job length must be a positive number.",
  width: "Job width must be a positive number.",
  height: "Job height must be a positive number.",
  thickness: "Job thickness must be a positive number.",
  licence: "Licence is required",
} as const;

// ---------------------------------------------------------------------------------------------
// Files (checked on the file the user picked; the server checks the stored bytes again)
// ---------------------------------------------------------------------------------------------

export const THUMBNAIL_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "svg"] as const;
export const MODEL_EXTENSIONS = GCODE_UPLOAD_EXTENSIONS;
export const MEDIA_IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "svg"] as const;
export const DESIGN_FILE_EXTENSIONS = [
  "crv",
  "crv3d",
  "art",
  "c2d",
  "f3d",
  "ai",
  "pdf",
  "dxf",
  "stl",
] as const;
export const MEDIA_EXTENSIONS = [...MEDIA_IMAGE_EXTENSIONS, ...DESIGN_FILE_EXTENSIONS] as const;

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot === -1 ? "" : fileName.slice(dot + 1).toLowerCase();
}

function fileProblem(
  file: { name: string; size: number },
  extensions: readonly string[],
  messages: { size: string; type: string },
): string | null {
  if (!(file.size > 0)) return messages.size;
  const extension = fileExtension(file.name).replace(/^\./, "");
  return extensions.some((allowed) => allowed.replace(/^\./, "") === extension) ? null : messages.type;
}

export const thumbnailFileProblem = (file: { name: string; size: number }) =>
  fileProblem(file, THUMBNAIL_EXTENSIONS, {
    size: AUTHORING_MESSAGES.thumbnailSize,
    type: AUTHORING_MESSAGES.thumbnailType,
  });
export const modelFileProblem = (file: { name: string; size: number }) =>
  fileProblem(file, MODEL_EXTENSIONS, {
    size: AUTHORING_MESSAGES.modelSize,
    type: AUTHORING_MESSAGES.modelType,
  });
export const mediaFileProblem = (file: { name: string; size: number }) =>
  fileProblem(file, MEDIA_EXTENSIONS, {
    size: AUTHORING_MESSAGES.mediaSize,
    type: AUTHORING_MESSAGES.mediaType,
  });

// ---------------------------------------------------------------------------------------------
// YouTube links
// ---------------------------------------------------------------------------------------------

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character video id of a recognised YouTube link (v=, /shorts/, /embed/, /v/, youtu.be/), else null. */
export function youtubeVideoId(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be" || host === "www.youtu.be") id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    id = url.searchParams.get("v");
    if (!id && segments.length >= 2 && ["shorts", "embed", "v"].includes(segments[0] ?? "")) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

export const youtubeUrlSchema = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), AUTHORING_MESSAGES.youtubeUrl)
  .refine((value) => youtubeVideoId(value) !== null, AUTHORING_MESSAGES.youtubeVideo);

/** Blank entries ignored; a second link to the same video refused. */
export const youtubeUrlsSchema = z
  .array(z.string())
  .transform((values) => values.map((value) => value.trim()).filter((value) => value !== ""))
  .pipe(z.array(youtubeUrlSchema))
  .superRefine((urls, context) => {
    const seen = new Set<string>();
    urls.forEach((url, index) => {
      const id = youtubeVideoId(url);
      if (id && seen.has(id))
        context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.youtubeDuplicate, path: [index] });
      if (id) seen.add(id);
    });
  });

// ---------------------------------------------------------------------------------------------
// Fields: one rule per field, used by the wizard's steps, every call that writes the field and
// the submit rule, so a field answers the same message wherever it is checked.
// ---------------------------------------------------------------------------------------------

/** A number field as forms send it: a numeric string is read as a number, "" and null as nothing. */
const numeric = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) =>
      value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value,
    schema,
  );

export const POST_FIELD_RULES = {
  title: z
    .string({ message: AUTHORING_MESSAGES.title })
    .trim()
    .min(3, AUTHORING_MESSAGES.title)
    .max(200, "Title must not exceed 200 characters"),
  description: z
    .string({ message: AUTHORING_MESSAGES.description })
    .trim()
    .min(3, AUTHORING_MESSAGES.description)
    .max(20_000, "Description must not exceed 20000 characters"),
  category: z.uuid({ message: AUTHORING_MESSAGES.category }),
  tags: z
    .array(idSchema, { message: AUTHORING_MESSAGES.tags })
    .min(2, AUTHORING_MESSAGES.tags)
    .max(30, "At most 30 tags"),
  originalMachine: z.uuid({ message: AUTHORING_MESSAGES.originalMachine }),
  supportedMachines: z.array(idSchema).max(100, "At most 100 supported machines"),
  softwareUsed: z.enum(SOFTWARE, { message: AUTHORING_MESSAGES.software }),
  materialUsed: z.enum(MATERIAL_VALUES, { message: AUTHORING_MESSAGES.material }),
  jobType: z.enum(JOB_TYPES, { message: AUTHORING_MESSAGES.jobType }),
  units: z.enum(UNITS, { message: AUTHORING_MESSAGES.units }),
  zZeroPosition: z.enum(Z_ZERO_POSITIONS, { message: AUTHORING_MESSAGES.zZero }),
  xyDatumPosition: z.enum(XY_DATUM_POSITIONS, { message: AUTHORING_MESSAGES.xyDatum }),
  toolSetter: z.enum(TOOL_SETTER, { message: AUTHORING_MESSAGES.toolSetter }),
  probeForZHeightCommand: z.enum(PROBE_FOR_Z, { message: AUTHORING_MESSAGES.probe }),
  spindleSpeed: numeric(
    z
      .number({ message: AUTHORING_MESSAGES.spindleInvalid })
      .int(AUTHORING_MESSAGES.spindleInvalid)
      .min(SPINDLE_SPEED.min, AUTHORING_MESSAGES.spindleMin)
      .max(SPINDLE_SPEED.max, AUTHORING_MESSAGES.spindleMax),
  ),
  jobSizeWidth: numeric(jobSize(AUTHORING_MESSAGES.width)),
  jobSizeHeight: numeric(jobSize(AUTHORING_MESSAGES.height)),
  jobSizeThickness: numeric(jobSize(AUTHORING_MESSAGES.thickness)),
  jobSizeDiameter: numeric(jobSize(AUTHORING_MESSAGES.diameter)),
  jobSizeLength: numeric(jobSize(AUTHORING_MESSAGES.length)),
  licenceType: z.enum(LICENCE_VALUES, { message: AUTHORING_MESSAGES.licence }),
  basedOn: basedOnSchema,
} as const;

function jobSize(message: string) {
  return z.number({ message }).positive(message).max(100_000, message);
}

const RULES = POST_FIELD_RULES;

/** Step 1 without the thumbnail (a file, checked with thumbnailFileProblem and on submit). */
export const detailsStepSchema = z.object({
  title: RULES.title,
  description: RULES.description,
  category: RULES.category,
  tags: RULES.tags,
  basedOn: RULES.basedOn.optional(),
});

export const machinesStepSchema = z.object({
  originalMachine: RULES.originalMachine,
  supportedMachines: RULES.supportedMachines.default([]),
});

const optionalNumber = z.preprocess(
  (value) =>
    value === "" || value === null || value === undefined
      ? undefined
      : typeof value === "string"
        ? Number(value)
        : value,
  z.number({ message: AUTHORING_MESSAGES.toolSizeNumber }).optional(),
);

/** One row of the tool table (step 4). Lasers need nothing but the family. */
export const toolEntrySchema = z
  .object({
    _id: z.string().optional(),
    modelId: idSchema,
    laserOrEndmill: z.enum(TOOL_FAMILIES, { message: AUTHORING_MESSAGES.toolType }),
    toolUnit: z.enum(TOOL_UNITS, { message: AUTHORING_MESSAGES.toolUnit }).optional(),
    toolUsed: optionalNumber,
    toolType: z.enum(TOOL_TYPES, { message: AUTHORING_MESSAGES.toolBitType }).optional(),
    flutes: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value === "" ? undefined : value),
      z
        .number({ message: AUTHORING_MESSAGES.toolFlutes })
        .int(AUTHORING_MESSAGES.toolFlutes)
        .min(TOOL_FLUTES.min, AUTHORING_MESSAGES.toolFlutes)
        .max(TOOL_FLUTES.max, AUTHORING_MESSAGES.toolFlutes)
        .optional(),
    ),
  })
  .superRefine((tool, context) => {
    if (tool.laserOrEndmill !== "Endmill") return;
    if (!tool.toolUnit)
      context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.toolUnit, path: ["toolUnit"] });
    if (tool.toolUsed === undefined) {
      context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.toolSize, path: ["toolUsed"] });
    } else if (!Number.isFinite(tool.toolUsed)) {
      context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.toolSizeNumber, path: ["toolUsed"] });
    } else if (tool.toolUnit) {
      const range = TOOL_SIZE_RANGE[tool.toolUnit];
      if (tool.toolUsed < range.min || tool.toolUsed > range.max) {
        context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.toolSizeRange, path: ["toolUsed"] });
      }
    }
    if (!tool.toolType)
      context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.toolBitType, path: ["toolType"] });
  });

export type ToolEntry = z.output<typeof toolEntrySchema>;

/** True when a model has a laser entry beside any other entry (spec §4 "Laser tools": one per model). */
export function hasSecondLaserTool(tools: readonly { modelId: string; laserOrEndmill: string }[]): boolean {
  const modelIds = new Set(tools.map((tool) => tool.modelId));
  return [...modelIds].some((modelId) => {
    const entries = tools.filter((tool) => tool.modelId === modelId);
    return entries.length > 1 && entries.some((tool) => tool.laserOrEndmill === "Laser");
  });
}

/** The tool table as a save sends it: each row's rule, and one entry for a laser model. */
export const toolDataSchema = z
  .array(toolEntrySchema)
  .max(200, "At most 200 tools")
  .superRefine((tools, context) => {
    if (hasSecondLaserTool(tools))
      context.addIssue({ code: "custom", message: AUTHORING_MESSAGES.oneLaserTool });
  });

/** Problems of the tool table as a whole: a laser model has one entry; every model has a tool. */
export function toolTableProblems(
  modelIds: readonly string[],
  tools: readonly { modelId: string; laserOrEndmill: string }[],
) {
  const problems: { path: string; message: string }[] = [];
  if (modelIds.some((modelId) => !tools.some((tool) => tool.modelId === modelId)))
    problems.push({ path: "toolData", message: AUTHORING_MESSAGES.everyModelNeedsTool });
  const mappedModels = tools.filter((tool) => modelIds.includes(tool.modelId));
  if (hasSecondLaserTool(mappedModels))
    problems.push({ path: "toolData", message: AUTHORING_MESSAGES.oneLaserTool });
  return problems;
}

/**
 * Adding a tool (spec §4 "Laser tools"): a laser replaces every entry of its model; an endmill
 * replaces the model's laser entry and joins its other endmills.
 */
export function addToolEntry<T extends { modelId: string; laserOrEndmill: string }>(
  tools: readonly T[],
  entry: T,
): T[] {
  const others = tools.filter((tool) => tool.modelId !== entry.modelId);
  const sameModel = tools.filter((tool) => tool.modelId === entry.modelId);
  if (entry.laserOrEndmill === "Laser") return [...others, entry];
  return [...others, ...sameModel.filter((tool) => tool.laserOrEndmill === "Endmill"), entry];
}

const JOB_SIZE_KEYS = {
  rotary: ["jobSizeDiameter", "jobSizeLength"],
  flat: ["jobSizeWidth", "jobSizeHeight", "jobSizeThickness"],
} as const;

export const jobSetupStepSchema = z
  .object({
    softwareUsed: RULES.softwareUsed,
    materialUsed: RULES.materialUsed,
    jobType: RULES.jobType,
    units: RULES.units,
    zZeroPosition: RULES.zZeroPosition,
    xyDatumPosition: RULES.xyDatumPosition,
    toolSetter: RULES.toolSetter,
    probeForZHeightCommand: RULES.probeForZHeightCommand,
    spindleSpeed: z.unknown().optional(),
    /** Every model is a laser job (by its analysis): a laser has no spindle, so no speed is asked. */
    everyModelIsLaser: z.boolean().optional(),
    jobSizeWidth: z.unknown().optional(),
    jobSizeHeight: z.unknown().optional(),
    jobSizeThickness: z.unknown().optional(),
    jobSizeDiameter: z.unknown().optional(),
    jobSizeLength: z.unknown().optional(),
  })
  .superRefine(
    (job, context) => {
      const speed = job.spindleSpeed;
      const speedGiven =
        speed !== undefined &&
        speed !== null &&
        speed !== "" &&
        !(typeof speed === "number" && Number.isNaN(speed));
      if (job.everyModelIsLaser !== true || speedGiven) {
        const checked = RULES.spindleSpeed.safeParse(speed);
        if (!checked.success)
          context.addIssue({
            code: "custom",
            message: checked.error.issues[0]?.message ?? "",
            path: ["spindleSpeed"],
          });
      }
      // Only the sizes of the job type count (rotary: diameter and length; others: the flat three).
      for (const key of JOB_SIZE_KEYS[job.jobType === "Rotary" ? "rotary" : "flat"]) {
        const result = RULES[key].safeParse(job[key]);
        if (!result.success)
          context.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "", path: [key] });
      }
      // Also when a choice above is missing: every problem of the step is named at once.
    },
    { when: () => true },
  );

export const licenceStepSchema = z.object({
  licenceType: RULES.licenceType,
});

// ---------------------------------------------------------------------------------------------
// Editor defaults, job type change, payload building
// ---------------------------------------------------------------------------------------------

/** What the wizard edits (spec §3 "Post draft"), as plain values. */
export interface PostEditorData {
  title: string;
  description: string;
  category: string;
  tags: string[];
  originalMachine: string;
  supportedMachines: string[];
  softwareUsed: string;
  materialUsed: string;
  jobType: string;
  units: string;
  jobSizeWidth: number | null;
  jobSizeHeight: number | null;
  jobSizeThickness: number | null;
  jobSizeDiameter: number | null;
  jobSizeLength: number | null;
  zZeroPosition: string;
  xyDatumPosition: string;
  toolSetter: string;
  probeForZHeightCommand: string;
  spindleSpeed: number;
  licenceType: string;
  /** Ids of the projects this one is based on (remixes). */
  basedOn: string[];
  toolData: {
    _id?: string;
    modelId: string;
    laserOrEndmill: string;
    toolUnit?: string | null;
    toolUsed?: number | null;
    toolType?: string | null;
    flutes?: number | null;
  }[];
}

/**
 * Edit loading defaults: a choice the file cannot tell and the author has not made starts empty
 * and required (software, material, units, licence, the flat sizes: ADR 027, so pressing Next never
 * publishes a setup the site made up); the wizard fills units and sizes from the models'
 * analysis (lib/gcode/job-setup-suggestions.ts). Otherwise the spec's: toolSetter Enabled, probe
 * No, the first Z zero and XY datum, 18000 RPM, rotary sizes 0.1.
 */
export function editorDefaults(post: Partial<Record<keyof PostEditorData, unknown>>): PostEditorData {
  const text = (value: unknown, fallback: string) =>
    typeof value === "string" && value !== "" ? value : fallback;
  const jobType = text(post.jobType, JOB_TYPES[0]) as JobType;
  const rotary = jobType === "Rotary";
  const size = (value: unknown, fallback: number | null) =>
    typeof value === "number" && value > 0 ? value : fallback;
  return {
    title: text(post.title, ""),
    description: text(post.description, ""),
    category: text(post.category, ""),
    tags: Array.isArray(post.tags) ? (post.tags as string[]) : [],
    originalMachine: text(post.originalMachine, ""),
    supportedMachines: Array.isArray(post.supportedMachines) ? (post.supportedMachines as string[]) : [],
    softwareUsed: text(post.softwareUsed, ""),
    materialUsed: text(post.materialUsed, ""),
    jobType,
    units: text(post.units, ""),
    jobSizeWidth: rotary ? null : size(post.jobSizeWidth, null),
    jobSizeHeight: rotary ? null : size(post.jobSizeHeight, null),
    jobSizeThickness: rotary ? null : size(post.jobSizeThickness, null),
    jobSizeDiameter: rotary ? size(post.jobSizeDiameter, JOB_SIZE_DEFAULTS.editLoadRotary) : null,
    jobSizeLength: rotary ? size(post.jobSizeLength, JOB_SIZE_DEFAULTS.editLoadRotary) : null,
    zZeroPosition: text(post.zZeroPosition, Z_ZERO_POSITIONS[0]),
    xyDatumPosition: text(post.xyDatumPosition, XY_DATUM_POSITIONS[0]),
    toolSetter: text(post.toolSetter, "Enabled"),
    probeForZHeightCommand: text(post.probeForZHeightCommand, "No"),
    spindleSpeed: typeof post.spindleSpeed === "number" ? post.spindleSpeed : SPINDLE_SPEED.default,
    licenceType: text(post.licenceType, ""),
    basedOn: Array.isArray(post.basedOn) ? (post.basedOn as string[]) : [],
    toolData: Array.isArray(post.toolData) ? (post.toolData as PostEditorData["toolData"]) : [],
  };
}

/** Job type change (spec §4): to rotary drops the flat sizes and sets diameter and length to 0.1; else the reverse. */
export function changeJobType<T extends Partial<PostEditorData>>(data: T, jobType: JobType): T {
  const fresh = JOB_SIZE_DEFAULTS.afterJobTypeChange;
  return jobType === "Rotary"
    ? {
        ...data,
        jobType,
        jobSizeWidth: null,
        jobSizeHeight: null,
        jobSizeThickness: null,
        jobSizeDiameter: fresh,
        jobSizeLength: fresh,
      }
    : {
        ...data,
        jobType,
        jobSizeWidth: fresh,
        jobSizeHeight: fresh,
        jobSizeThickness: fresh,
        jobSizeDiameter: null,
        jobSizeLength: null,
      };
}

/**
 * The payload sent to the server (spec §5 "payload building"): empty strings and nulls dropped,
 * empty arrays dropped except supportedMachines and basedOn, tool entries without _id, and only the job
 * sizes of the job type (rotary: diameter and length; others: width, height, thickness).
 */
export function buildPostPayload(
  data: Partial<PostEditorData> & { currentPage?: number },
): Record<string, unknown> {
  const rotary = data.jobType === "Rotary";
  const skipped = rotary
    ? ["jobSizeWidth", "jobSizeHeight", "jobSizeThickness"]
    : ["jobSizeDiameter", "jobSizeLength"];
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (skipped.includes(key) || value === null || value === undefined || value === "") continue;
    // An emptied machine or based-on list is sent, so the stored one is cleared.
    if (Array.isArray(value) && value.length === 0 && key !== "supportedMachines" && key !== "basedOn")
      continue;
    payload[key] =
      key === "toolData" && Array.isArray(value)
        ? (value as Record<string, unknown>[]).map((tool) => {
            const { _id: _dropped, ...rest } = tool;
            return Object.fromEntries(
              Object.entries(rest).filter(([, field]) => field !== null && field !== ""),
            );
          })
        : value;
  }
  return payload;
}

// ---------------------------------------------------------------------------------------------
// API contracts
// ---------------------------------------------------------------------------------------------

/**
 * What a save may carry. Drafts may be incomplete, so any field may be left out; a field that is
 * sent must pass its one rule (POST_FIELD_RULES, the wizard's own), with the spec's message.
 * The rules that join fields (a tool for every model, the sizes of the job type) run on submit.
 */
export const postFieldsSchema = z
  .object({
    title: RULES.title.optional(),
    description: RULES.description.optional(),
    category: RULES.category.optional(),
    tags: RULES.tags.optional(),
    originalMachine: RULES.originalMachine.optional(),
    supportedMachines: RULES.supportedMachines.optional(),
    softwareUsed: RULES.softwareUsed.optional(),
    materialUsed: RULES.materialUsed.optional(),
    jobType: RULES.jobType.optional(),
    units: RULES.units.optional(),
    jobSizeWidth: RULES.jobSizeWidth.optional(),
    jobSizeHeight: RULES.jobSizeHeight.optional(),
    jobSizeThickness: RULES.jobSizeThickness.optional(),
    jobSizeDiameter: RULES.jobSizeDiameter.optional(),
    jobSizeLength: RULES.jobSizeLength.optional(),
    zZeroPosition: RULES.zZeroPosition.optional(),
    xyDatumPosition: RULES.xyDatumPosition.optional(),
    toolSetter: RULES.toolSetter.optional(),
    probeForZHeightCommand: RULES.probeForZHeightCommand.optional(),
    spindleSpeed: RULES.spindleSpeed.optional(),
    licenceType: RULES.licenceType.optional(),
    toolData: toolDataSchema.optional(),
    basedOn: RULES.basedOn.optional(),
  })
  .strict();

export type PostFields = z.output<typeof postFieldsSchema>;

const currentPageSchema = z.coerce.number().int().min(1).max(LAST_STEP);

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** A picked thumbnail file sent with step 1: the wizard's file rule, and the image size limit. */
export const thumbnailFileSchema = z
  .custom<File>(isFile, { message: AUTHORING_MESSAGES.thumbnailRequired })
  .superRefine((file, context) => {
    const problem =
      thumbnailFileProblem(file) ??
      (file.size > MAKE_IMAGE_MAX_BYTES ? AUTHORING_MESSAGES.thumbnailSize : null);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/**
 * Lists in a form body: the field repeated, or given once as a JSON array (how many clients
 * append an array to FormData). JSON bodies pass through unchanged.
 */
function formBodyToObject(input: unknown, listKeys: readonly string[]): unknown {
  const object = formDataToObject(input, listKeys);
  if (object === input || typeof object !== "object" || object === null) return object;
  const record = object as Record<string, unknown>;
  for (const key of listKeys) {
    // A list the form leaves out is not sent (an empty YouTube list would clear the stored one).
    if (input instanceof FormData && !input.has(key)) {
      delete record[key];
      continue;
    }
    const [only, ...rest] = Array.isArray(record[key]) ? (record[key] as unknown[]) : [];
    if (rest.length > 0 || typeof only !== "string" || !only.trim().startsWith("[")) continue;
    try {
      record[key] = JSON.parse(only) as unknown;
    } catch {
      // Left as given: the field's rule answers its message.
    }
  }
  return record;
}

/** Step 1 as JSON, or as a form with the thumbnail file (`thumbnail`) beside the fields. */
export const createPostDraftBodySchema = z.preprocess(
  (input) => formBodyToObject(input, ["tags", "basedOn"]),
  detailsStepSchema.extend({
    thumbnail: thumbnailFileSchema.optional().meta({
      description:
        "Multipart bodies only: the thumbnail image file (jpg, jpeg, png, webp or svg; at most 5 MB)",
    }),
    currentPage: currentPageSchema.optional(),
  }),
);
export const createPostBodySchema = postFieldsSchema.extend({
  title: RULES.title,
  description: RULES.description,
});

/** The spec's draft field for YouTube links (§3): URLs, or objects carrying one as `url`. */
const youtubeAttachmentsSchema = z
  .array(
    z.union([
      z.string(),
      z
        .looseObject({ url: z.string({ message: AUTHORING_MESSAGES.youtubeUrl }) })
        .transform((link) => link.url),
    ]),
  )
  .max(50, "At most 50 YouTube links")
  .pipe(youtubeUrlsSchema);

export const updatePostBodySchema = postFieldsSchema.extend({
  currentPage: currentPageSchema.optional(),
  youtubeAttachments: youtubeAttachmentsSchema.optional().meta({
    description:
      "The post's whole list of YouTube links (URLs or { url } objects), replacing the stored one; the same as youtubeUrls on updateAttachments",
  }),
});

const draftAnswer = z.object({ post: postDetailSchema });

export const createPostDraftEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/post/createPost",
  summary:
    "Step 1 of the wizard: a new draft from the basic details (verified users); as JSON, or as a multipart form with the thumbnail file in `thumbnail`",
  tag: "Authoring",
  auth: "verified",
  body: createPostDraftBodySchema,
  maxBodyBytes: MAKE_IMAGE_MAX_BYTES + 1024 * 1024,
  response: draftAnswer,
  successStatus: 201,
});

export const createPostEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/post/create",
  summary: "A new draft from a full payload (for scripts); files follow through the upload flow",
  tag: "Authoring",
  auth: "verified",
  body: createPostBodySchema,
  response: draftAnswer,
  successStatus: 201,
});

export const updatePostEndpoint = endpoint({
  method: "PATCH",
  path: "/api/v1/post/updatePost/{postId}",
  summary:
    "The owner saves wizard fields and currentPage; currentPage 8 submits for review (every step checked, 400 with the spec's messages otherwise)",
  tag: "Authoring",
  auth: "verified",
  params: z.object({ postId: idSchema }),
  body: updatePostBodySchema,
  response: draftAnswer,
});

/** An attachment named by id, by `attachmentId` or by `_id` (the spec leaves the form fields open). */
const attachmentReferenceSchema = z.preprocess(
  (value) => {
    if (typeof value !== "object" || value === null) return value;
    const reference = value as { attachmentId?: unknown; _id?: unknown };
    return reference.attachmentId ?? reference._id;
  },
  z.string({ message: "Each attachment needs its attachmentId or _id" }).pipe(idSchema),
);

export const updateAttachmentsBodySchema = z.preprocess(
  (input) => formBodyToObject(input, ["attachmentIds", "attachments", "youtubeUrls", "youtubeAttachments"]),
  z
    .object({
      /** Files PUT to their signed URLs: checked from the stored bytes and marked ready. */
      attachmentIds: z.array(idSchema).max(50, "At most 50 files").default([]),
      attachments: z.array(attachmentReferenceSchema).max(50, "At most 50 files").default([]).meta({
        description: "The same as attachmentIds, as attachments: { attachmentId } or { _id } (or plain ids)",
      }),
      /** The post's thumbnail: one of its ready image attachments (thumbnail, media or a model's toolpath picture). */
      thumbnailId: idSchema.optional(),
      /** The full list of the post's YouTube links (replaces the previous list) when given. */
      youtubeUrls: youtubeUrlsSchema.optional(),
      youtubeAttachments: youtubeAttachmentsSchema.optional().meta({
        description: "The spec's name of youtubeUrls (URLs or { url } objects); send one of the two",
      }),
    })
    .strict()
    .refine((body) => body.youtubeUrls === undefined || body.youtubeAttachments === undefined, {
      message: "Send the YouTube links once, as youtubeUrls or as youtubeAttachments",
      path: ["youtubeAttachments"],
    })
    .transform(({ attachments, youtubeAttachments, youtubeUrls, attachmentIds, thumbnailId }) => ({
      attachmentIds: [...new Set([...attachmentIds, ...attachments])],
      thumbnailId,
      youtubeUrls: youtubeUrls ?? youtubeAttachments,
    })),
);

export const updateAttachmentsEndpoint = endpoint({
  method: "PUT",
  path: "/api/v1/post/updateAttachments/{postId}",
  summary: "After the uploads: confirm the files, choose the thumbnail, set the YouTube links",
  tag: "Authoring",
  auth: "verified",
  params: z.object({ postId: idSchema }),
  query: z.object({ currentPage: currentPageSchema.optional() }),
  body: updateAttachmentsBodySchema,
  response: draftAnswer,
});

export const createTagEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/tag/create",
  summary: "Create a tag, or answer the existing tag of that name (case-insensitive)",
  tag: "Taxonomy",
  auth: "verified",
  body: z.object({
    name: z
      .string()
      .trim()
      .min(2, "Tag name must be at least 2 characters")
      .max(40, "Tag name must not exceed 40 characters"),
    type: z.enum(TAG_TYPES, { message: `type must be one of: ${TAG_TYPES.join(", ")}` }).default("post"),
  }),
  response: z.object({ tag: tagSchema }),
  successStatus: 201,
});

export const deleteTagEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/tag/delete",
  summary: "Delete a tag (staff only); posts lose it",
  tag: "Taxonomy",
  auth: "verified",
  query: z.object({ id: idSchema }),
  response: z.object({ _id: z.string() }),
});
