import { z } from "zod";
import { ATTACHMENT_CATEGORIES, ATTACHMENT_PARENT_TYPES, RESOURCE_TYPES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema } from "./common";
import { MAKE_IMAGE_MAX_BYTES, MAKE_MESSAGES, makeImageProblem } from "./makes";
import {
  fileExtension,
  MEDIA_EXTENSIONS,
  MEDIA_IMAGE_EXTENSIONS,
  MODEL_EXTENSIONS,
  mediaFileProblem,
  modelFileProblem,
  THUMBNAIL_EXTENSIONS,
  thumbnailFileProblem,
} from "./post-authoring";

type FileFacts = { name: string; size: number };

/**
 * The rule of a file of each category, the same the wizard and the make form apply to the file
 * picked: the spec's message, on `fileSize` for an empty file and on `fileName` for a type it
 * does not take. The server checks the stored bytes again at confirm.
 */
export function uploadFileProblem(
  category: (typeof ATTACHMENT_CATEGORIES)[number],
  file: FileFacts,
): { field: "fileName" | "fileSize"; message: string } | null {
  const problemOf: Record<typeof category, (facts: FileFacts) => string | null> = {
    postModel: modelFileProblem,
    postThumbnail: thumbnailFileProblem,
    postMedia: mediaFileProblem,
    projectMakeImages: (facts) => (facts.size > 0 ? makeImageProblem(facts) : EMPTY_FILE_MESSAGE),
    postZip: (facts) =>
      facts.size > 0
        ? facts.name.toLowerCase().endsWith(".zip")
          ? null
          : ZIP_TYPE_MESSAGE
        : EMPTY_FILE_MESSAGE,
  };
  const message = problemOf[category](file);
  if (!message) return null;
  const isSizeProblem = !(file.size > 0) || message === MAKE_MESSAGES.imageTooLarge;
  return { field: isSizeProblem ? "fileSize" : "fileName", message };
}

const EMPTY_FILE_MESSAGE = "The file is empty.";

const MB = 1024 * 1024;
/** Largest model file (the server checks the stored bytes against it again at confirm). */
export const MODEL_MAX_BYTES = 100 * MB;
/** Largest design file among the media (images follow the image limit). */
export const DESIGN_FILE_MAX_BYTES = 50 * MB;

type WizardCategory = "postModel" | "postThumbnail" | "postMedia";

const WIZARD_FILES: Record<WizardCategory, { noun: string; extensions: readonly string[] }> = {
  postModel: { noun: "Models", extensions: MODEL_EXTENSIONS },
  postThumbnail: { noun: "Thumbnails", extensions: THUMBNAIL_EXTENSIONS },
  postMedia: { noun: "Media", extensions: MEDIA_EXTENSIONS },
};

const dotted = (extensions: readonly string[]) =>
  extensions.map((extension) => (extension.startsWith(".") ? extension : `.${extension}`));

/** The picker's `accept` for a wizard category: only the extensions its rule takes. */
export const acceptedExtensions = (category: WizardCategory) =>
  dotted(WIZARD_FILES[category].extensions).join(",");

/** The most a file of this category and name may weigh. */
export function uploadSizeLimit(category: WizardCategory, fileName: string): number {
  if (category === "postModel") return MODEL_MAX_BYTES;
  if (category === "postThumbnail") return MAKE_IMAGE_MAX_BYTES;
  const isImage = (MEDIA_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
  return isImage ? MAKE_IMAGE_MAX_BYTES : DESIGN_FILE_MAX_BYTES;
}

/**
 * Why a file picked or dropped in the wizard is refused there and then, naming the file and what
 * is accepted (the same type rule as uploadFileProblem, plus the size limit of its kind); null
 * when it may be queued.
 */
export function pickedFileRefusal(category: WizardCategory, file: FileFacts): string | null {
  const { noun, extensions } = WIZARD_FILES[category];
  const problem = uploadFileProblem(category, file);
  if (problem?.field === "fileSize") return `${file.name} is empty (${problem.message}).`;
  if (problem)
    return `${file.name} can't be uploaded: ${noun.toLowerCase()} must be ${listOf(dotted(extensions))}.`;
  const limit = uploadSizeLimit(category, file.name);
  if (file.size > limit)
    return `${file.name} is too large: ${noun.toLowerCase()} may be at most ${limit / MB} MB.`;
  return null;
}

function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
const ZIP_TYPE_MESSAGE = "Only .zip files are accepted here.";

export const uploadRequestSchema = z
  .object({
    parentId: idSchema,
    parentType: z.enum(ATTACHMENT_PARENT_TYPES),
    category: z.enum(ATTACHMENT_CATEGORIES),
    fileName: z
      .string()
      .trim()
      .min(1, "fileName is required")
      .max(255, "fileName is too long")
      // CR, LF and other control characters would break the download's Content-Disposition.
      .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "fileName must not contain control characters"),
    /** SHA-256 of the content, hex, computed by the browser. */
    fileHash: z.string().regex(/^[a-f0-9]{64}$/i, "fileHash must be a SHA-256 hex digest"),
    fileSize: z
      .number({ message: "fileSize must be a number of bytes" })
      .int("fileSize must be a number of bytes"),
    resourceType: z.enum(RESOURCE_TYPES),
  })
  .superRefine((request, context) => {
    const problem = uploadFileProblem(request.category, { name: request.fileName, size: request.fileSize });
    if (problem) context.addIssue({ code: "custom", message: problem.message, path: [problem.field] });
  });

export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const getPreSignedUrlEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/attachment/getPreSignedUrl",
  summary: "A short-lived download URL; counts the download and logs it for a signed-in user",
  tag: "Attachments",
  auth: "optional",
  query: z.object({ attachmentId: idSchema }),
  response: z.object({ signedURL: z.string() }),
});

export const getPreSignedUploadUrlEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/attachment/getPreSignedUploadUrl",
  summary: "Signed PUT URLs for new attachments of the caller's own post or make",
  tag: "Attachments",
  auth: "required",
  body: z.object({
    attachments: z
      .array(uploadRequestSchema)
      .min(1, "attachments must not be empty")
      .max(20, "At most 20 files"),
  }),
  response: z.object({
    attachments: z.array(z.object({ fileHash: z.string(), signedUrl: z.string(), attachmentId: z.string() })),
  }),
});

export const confirmUploadsEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/attachment/confirmUploads",
  summary:
    "After the PUTs: checks the stored files (kind's size limit, declared size and SHA-256, an image's magic bytes) and marks them ready; a refused file is removed with its object",
  tag: "Attachments",
  auth: "required",
  body: z.object({
    attachmentIds: z.array(idSchema).min(1, MAKE_MESSAGES.imagesRequired).max(20, "At most 20 files"),
  }),
  response: z.object({
    attachments: z.array(z.object({ _id: z.string(), fileName: z.string(), url: z.string() })),
  }),
});

export const deleteAttachmentEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/attachment/deleteAttachment/{attachmentId}",
  summary: "Delete one of the caller's attachments and its stored file",
  tag: "Attachments",
  auth: "required",
  stateChangingGet: true,
  params: z.object({ attachmentId: idSchema }),
  response: z.object({ _id: z.string() }),
});
