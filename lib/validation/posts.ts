import { z } from "zod";
import { POST_VISIBILITIES } from "@/lib/catalogue/enums";

export const postAuthorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  isOnefinityOfficial: z.boolean(),
});

/** What a project card shows (discovery spec, "Project card"). */
export const postSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(POST_VISIBILITIES),
  createdAt: z.string(),
  user: postAuthorSchema,
  category: z.object({ _id: z.string(), name: z.string() }).nullable(),
  partner: z.object({ name: z.string(), color: z.string(), user: z.string() }).nullable(),
  thumbnail: z.string().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  averageTotalRating: z.number(),
  downloadAverage: z.number(),
});

export type PostSummary = z.infer<typeof postSummarySchema>;

export const postAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  category: z.string(),
  resourceType: z.string(),
  url: z.string().nullable(),
  fileSize: z.number().nullable(),
  downloadCount: z.number().int(),
});

/** The project page's post: the card data plus its files, tags and job details. */
export const postDetailSchema = postSummarySchema.extend({
  attachments: z.array(postAttachmentSchema),
  tags: z.array(z.object({ _id: z.string(), name: z.string() })),
  softwareUsed: z.string().nullable(),
  materialUsed: z.string().nullable(),
  jobType: z.string().nullable(),
  units: z.string().nullable(),
  licenceType: z.string().nullable(),
});

export type PostAttachment = z.infer<typeof postAttachmentSchema>;
export type PostDetail = z.infer<typeof postDetailSchema>;
