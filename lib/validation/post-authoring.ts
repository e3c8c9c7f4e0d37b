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
import { postDetailSchema } from "./posts";
import { tagSchema } from "./taxonomy";

/**
 * The project wizard's rules (accounts spec §2, §4, §5; discovery spec §4, §5), shared by the
 * wizard's steps in the browser, the API's contracts and the server's submit rule, so a message
 * is written once. Everything here is pure.
 */

export const WIZARD_STEPS = [
  "Basic Details",
  "Supported Machines",
  "Model Upload",
  "Model Tool Mapping",
  "Media Upload",
  "Job Setup Details",
  "License Details",
  "Post Status",
] as const;
export const LAST_STEP = WIZARD_STEPS.length;
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
// Steps
// ---------------------------------------------------------------------------------------------

/** Step 1 without the thumbnail (a file, checked with thumbnailFileProblem and on submit). */
export const detailsStepSchema = z.object({
  title: z.string({ message: AUTHORING_MESSAGES.title }).trim().min(3, AUTHORING_MESSAGES.title).max(200),
  description: z
    .string({ message: AUTHORING_MESSAGES.description })
    .trim()
    .min(3, AUTHORING_MESSAGES.description)
    .max(20_000),
  category: z.string({ message: AUTHORING_MESSAGES.category }).min(2, AUTHORING_MESSAGES.category),
  tags: z.array(idSchema, { message: AUTHORING_MESSAGES.tags }).min(2, AUTHORING_MESSAGES.tags).max(30),
});

export const machinesStepSchema = z.object({
  originalMachine: z
    .string({ message: AUTHORING_MESSAGES.originalMachine })
    .min(1, AUTHORING_MESSAGES.originalMachine),
  supportedMachines: z.array(idSchema).max(100).default([]),
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

/** Problems of the tool table as a whole: a laser model has one entry; every model has a tool. */
export function toolTableProblems(
  modelIds: readonly string[],
  tools: readonly { modelId: string; laserOrEndmill: string }[],
) {
  const problems: { path: string; message: string }[] = [];
  for (const modelId of modelIds) {
    const entries = tools.filter((tool) => tool.modelId === modelId);
    if (entries.length === 0)
      problems.push({ path: "toolData", message: AUTHORING_MESSAGES.everyModelNeedsTool });
    if (entries.some((tool) => tool.laserOrEndmill === "Laser") && entries.length > 1) {
      problems.push({ path: "toolData", message: AUTHORING_MESSAGES.oneLaserTool });
    }
  }
  return problems.filter(
    (problem, index) => problems.findIndex((other) => other.message === problem.message) === index,
  );
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

const positive = (message: string) =>
  z.preprocess(
    (value) =>
      value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value,
    z.number({ message }).positive(message),
  );

const spindleSpeedSchema = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
  z
    .number({ message: AUTHORING_MESSAGES.spindleInvalid })
    .int(AUTHORING_MESSAGES.spindleInvalid)
    .min(SPINDLE_SPEED.min, AUTHORING_MESSAGES.spindleMin)
    .max(SPINDLE_SPEED.max, AUTHORING_MESSAGES.spindleMax),
);

export const jobSetupStepSchema = z
  .object({
    softwareUsed: z.enum(SOFTWARE, { message: AUTHORING_MESSAGES.software }),
    materialUsed: z.enum(MATERIAL_VALUES, { message: AUTHORING_MESSAGES.material }),
    jobType: z.enum(JOB_TYPES, { message: AUTHORING_MESSAGES.jobType }),
    units: z.enum(UNITS, { message: AUTHORING_MESSAGES.units }),
    zZeroPosition: z.enum(Z_ZERO_POSITIONS, { message: AUTHORING_MESSAGES.zZero }),
    xyDatumPosition: z.enum(XY_DATUM_POSITIONS, { message: AUTHORING_MESSAGES.xyDatum }),
    toolSetter: z.enum(TOOL_SETTER, { message: AUTHORING_MESSAGES.toolSetter }),
    probeForZHeightCommand: z.enum(PROBE_FOR_Z, { message: AUTHORING_MESSAGES.probe }),
    spindleSpeed: spindleSpeedSchema,
    jobSizeWidth: z.unknown().optional(),
    jobSizeHeight: z.unknown().optional(),
    jobSizeThickness: z.unknown().optional(),
    jobSizeDiameter: z.unknown().optional(),
    jobSizeLength: z.unknown().optional(),
  })
  .superRefine((job, context) => {
    const sizes: [keyof typeof job, string][] =
      job.jobType === "Rotary"
        ? [
            ["jobSizeDiameter", AUTHORING_MESSAGES.diameter],
            ["jobSizeLength", AUTHORING_MESSAGES.length],
          ]
        : [
            ["jobSizeWidth", AUTHORING_MESSAGES.width],
            ["jobSizeHeight", AUTHORING_MESSAGES.height],
            ["jobSizeThickness", AUTHORING_MESSAGES.thickness],
          ];
    for (const [key, message] of sizes) {
      if (!positive(message).safeParse(job[key]).success)
        context.addIssue({ code: "custom", message, path: [key] });
    }
  });

export const licenceStepSchema = z.object({
  licenceType: z.enum(LICENCE_VALUES, { message: AUTHORING_MESSAGES.licence }),
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
  toolData: {
    _id?: string;
    modelId: string;
    laserOrEndmill: string;
    toolUnit?: string | null;
    toolUsed?: number | null;
    toolType?: string | null;
  }[];
}

/** Edit loading defaults (both spec files): first enumeration values, 18000 RPM, sizes 0.25 flat / 0.1 rotary. */
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
    softwareUsed: text(post.softwareUsed, SOFTWARE[0]),
    materialUsed: text(post.materialUsed, MATERIAL_VALUES[0]),
    jobType,
    units: text(post.units, UNITS[0]),
    jobSizeWidth: rotary ? null : size(post.jobSizeWidth, JOB_SIZE_DEFAULTS.editLoadFlat),
    jobSizeHeight: rotary ? null : size(post.jobSizeHeight, JOB_SIZE_DEFAULTS.editLoadFlat),
    jobSizeThickness: rotary ? null : size(post.jobSizeThickness, JOB_SIZE_DEFAULTS.editLoadFlat),
    jobSizeDiameter: rotary ? size(post.jobSizeDiameter, JOB_SIZE_DEFAULTS.editLoadRotary) : null,
    jobSizeLength: rotary ? size(post.jobSizeLength, JOB_SIZE_DEFAULTS.editLoadRotary) : null,
    zZeroPosition: text(post.zZeroPosition, Z_ZERO_POSITIONS[0]),
    xyDatumPosition: text(post.xyDatumPosition, XY_DATUM_POSITIONS[0]),
    toolSetter: text(post.toolSetter, "Enabled"),
    probeForZHeightCommand: text(post.probeForZHeightCommand, "No"),
    spindleSpeed: typeof post.spindleSpeed === "number" ? post.spindleSpeed : SPINDLE_SPEED.default,
    licenceType: text(post.licenceType, LICENCE_VALUES[0]),
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
 * empty arrays dropped except supportedMachines, tool entries without _id, and only the job
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
    if (Array.isArray(value) && value.length === 0 && key !== "supportedMachines") continue;
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
 * What a save may carry. Drafts may be incomplete, so each field is checked for its type and
 * range only; the full step rules run when the post is submitted (currentPage 8).
 */
const nullableEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable().optional();
const size = z.coerce.number().positive().max(100_000).nullable().optional();

export const postFieldsSchema = z
  .object({
    title: z.string().trim().max(200, "Title must not exceed 200 characters").optional(),
    description: z.string().trim().max(20_000, "Description is too long").optional(),
    category: idSchema.nullable().optional(),
    tags: z.array(idSchema).max(30).optional(),
    originalMachine: idSchema.nullable().optional(),
    supportedMachines: z.array(idSchema).max(100).optional(),
    softwareUsed: nullableEnum(SOFTWARE),
    materialUsed: nullableEnum(MATERIAL_VALUES),
    jobType: nullableEnum(JOB_TYPES),
    units: nullableEnum(UNITS),
    jobSizeWidth: size,
    jobSizeHeight: size,
    jobSizeThickness: size,
    jobSizeDiameter: size,
    jobSizeLength: size,
    zZeroPosition: nullableEnum(Z_ZERO_POSITIONS),
    xyDatumPosition: nullableEnum(XY_DATUM_POSITIONS),
    toolSetter: nullableEnum(TOOL_SETTER),
    probeForZHeightCommand: nullableEnum(PROBE_FOR_Z),
    spindleSpeed: spindleSpeedSchema.nullable().optional(),
    licenceType: nullableEnum(LICENCE_VALUES),
    toolData: z.array(toolEntrySchema).max(200).optional(),
  })
  .strict();

export type PostFields = z.output<typeof postFieldsSchema>;

const currentPageSchema = z.coerce.number().int().min(1).max(LAST_STEP);

export const createPostDraftBodySchema = detailsStepSchema.extend({
  currentPage: currentPageSchema.optional(),
});
export const createPostBodySchema = postFieldsSchema.extend({
  title: detailsStepSchema.shape.title,
  description: detailsStepSchema.shape.description,
});
export const updatePostBodySchema = postFieldsSchema.extend({ currentPage: currentPageSchema.optional() });

const draftAnswer = z.object({ post: postDetailSchema });

export const createPostDraftEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/post/createPost",
  summary: "Step 1 of the wizard: a new draft from the basic details (verified users)",
  tag: "Authoring",
  auth: "verified",
  body: createPostDraftBodySchema,
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

export const updateAttachmentsBodySchema = z.preprocess(
  (input) => formDataToObject(input, ["attachmentIds", "youtubeUrls"]),
  z
    .object({
      /** Files PUT to their signed URLs: checked from the stored bytes and marked ready. */
      attachmentIds: z.array(idSchema).max(50).default([]),
      /** The post's thumbnail: one of its ready image attachments (thumbnail, media or a model's toolpath picture). */
      thumbnailId: idSchema.optional(),
      /** The full list of the post's YouTube links (replaces the previous list) when given. */
      youtubeUrls: youtubeUrlsSchema.optional(),
    })
    .strict(),
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
    type: z.enum(TAG_TYPES).default("post"),
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
