import { z } from "zod";
import { ATTACHMENT_CATEGORIES, ATTACHMENT_PARENT_TYPES, RESOURCE_TYPES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema } from "./common";
import { MAKE_MESSAGES, makeImageProblem } from "./makes";
import { mediaFileProblem, modelFileProblem, thumbnailFileProblem } from "./post-authoring";

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
