import { z } from "zod";
import { endpoint } from "@/lib/validation/endpoint";
import { feedCheckSchema } from "./feeds";
import { idSchema, paginationQuerySchema, paginationSchema } from "./common";
import { postSummarySchema } from "./posts";

/** Reviewers' page size: the queue is worked from the oldest submission. */
export const REVIEW_PAGE_SIZE = 20;
export const REJECTION_REASON_MIN = 3;
export const REJECTION_REASON_MAX = 1000;

export const REVIEW_MESSAGES = {
  staffOnly: "Only staff can review projects.",
  notPending: "This project is not pending review.",
  reasonRequired: "Please give a reason for the rejection.",
  reasonTooShort: `The reason must be at least ${REJECTION_REASON_MIN} characters.`,
  reasonTooLong: `The reason must be at most ${REJECTION_REASON_MAX} characters.`,
  approved: "Project approved and published",
  rejected: "Project sent back to its author",
} as const;

export const rejectPostBodySchema = z.object({
  reason: z
    .string({ message: REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: REVIEW_MESSAGES.reasonRequired, abort: true })
    .min(REJECTION_REASON_MIN, REVIEW_MESSAGES.reasonTooShort)
    .max(REJECTION_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
});
export type RejectPostBody = z.infer<typeof rejectPostBodySchema>;

/**
 * One model's pre-flight report as the upload analysis stored it (`report`, whatever its shape;
 * null when the model has none yet) and its warnings as plain sentences for the reviewer.
 */
export const reviewPreflightSchema = z.object({
  modelId: z.string(),
  fileName: z.string(),
  warnings: z.array(z.string()),
  /** The feeds check per endmill from the report; empty when it has none. */
  feeds: z.array(feedCheckSchema),
  report: z.unknown().nullable(),
});
export type ReviewPreflight = z.infer<typeof reviewPreflightSchema>;

/** A model file of a pending post, with a short-lived URL for the 3D preview. */
export const reviewModelSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  url: z.string().nullable(),
  fileSize: z.number().nullable(),
});
export type ReviewModel = z.infer<typeof reviewModelSchema>;

export const reviewPostSchema = postSummarySchema.extend({
  /** When the author submitted it (the post's last change while pending). */
  submittedAt: z.string(),
  models: z.array(reviewModelSchema),
  preflight: z.array(reviewPreflightSchema),
});
export type ReviewPost = z.infer<typeof reviewPostSchema>;

export const reviewDecisionSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  decision: z.enum(["approved", "rejected"]),
  reason: z.string().nullable(),
  reviewer: z.object({ _id: z.string(), username: z.string() }),
  createdAt: z.string(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

const reviewedPostSchema = z.object({
  _id: z.string(),
  visibility: z.enum(["public", "draft"]),
  publishedAt: z.string().nullable(),
});

const postIdParams = z.object({ postId: idSchema });

export const listReviewPostsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/review/posts",
  summary:
    "Staff only: posts pending review (private), oldest submission first, with their models' pre-flight reports",
  tag: "Review",
  auth: "required",
  query: paginationQuerySchema,
  response: z.object({ posts: z.array(reviewPostSchema), pagination: paginationSchema }),
});

export const approvePostEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/review/approve/{postId}",
  summary: "Staff only: publish a pending post (it becomes public) and tell its author by e-mail",
  tag: "Review",
  auth: "required",
  params: postIdParams,
  response: z.object({ post: reviewedPostSchema, decision: reviewDecisionSchema }),
});

export const rejectPostEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/review/reject/{postId}",
  summary: "Staff only: send a pending post back to draft with a reason, e-mailed to its author",
  tag: "Review",
  auth: "required",
  params: postIdParams,
  body: rejectPostBodySchema,
  response: z.object({ post: reviewedPostSchema, decision: reviewDecisionSchema }),
});
