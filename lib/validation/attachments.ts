import { z } from "zod";
import { ATTACHMENT_CATEGORIES, ATTACHMENT_PARENT_TYPES, RESOURCE_TYPES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema } from "./common";
import { MAKE_MESSAGES } from "./makes";

export const uploadRequestSchema = z.object({
  parentId: idSchema,
  parentType: z.enum(ATTACHMENT_PARENT_TYPES),
  category: z.enum(ATTACHMENT_CATEGORIES),
  fileName: z
    .string()
    .trim()
    .min(1, "fileName is required")
    .max(255, "fileName is too long")
    // CR, LF and other control characters would break the download's Content-Disposition (issue 19).
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "fileName must not contain control characters"),
  /** SHA-256 of the content, hex, computed by the browser. */
  fileHash: z.string().regex(/^[a-f0-9]{64}$/i, "fileHash must be a SHA-256 hex digest"),
  fileSize: z.number().int().positive("fileSize must be positive"),
  resourceType: z.enum(RESOURCE_TYPES),
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
