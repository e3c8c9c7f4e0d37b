import { z } from "zod";
import {
  type Delta,
  isDeltaEmpty,
  MAX_COMMENT_TEXT_LENGTH,
  parseDelta,
  sanitiseDelta,
  deltaToPlainText,
} from "@/lib/comments/delta";
import { endpoint } from "@/lib/validation/endpoint";
import { COMMENT_EMPTY_MESSAGE } from "./comment-messages";
import { idSchema } from "./common";

export { COMMENT_EMPTY_MESSAGE } from "./comment-messages";
export const COMMENT_TOO_LONG_MESSAGE = `Comment must be at most ${MAX_COMMENT_TEXT_LENGTH} characters`;

/**
 * The comment body: a Quill-style delta as a JSON string (the spec's form) or as an object.
 * Parsing sanitises it, so what a handler receives is already the delta to store.
 */
export const commentDeltaSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], { message: COMMENT_EMPTY_MESSAGE })
  .transform((value, context): Delta => {
    const delta = typeof value === "string" ? parseDelta(value) : sanitiseDelta(value);
    if (!delta || isDeltaEmpty(delta)) {
      context.addIssue({ code: "custom", message: COMMENT_EMPTY_MESSAGE });
      return z.NEVER;
    }
    if (deltaToPlainText(delta).length > MAX_COMMENT_TEXT_LENGTH) {
      context.addIssue({ code: "custom", message: COMMENT_TOO_LONG_MESSAGE });
      return z.NEVER;
    }
    return delta;
  });

export const createCommentBodySchema = z.object({
  postId: idSchema,
  comment: commentDeltaSchema,
});

export const commentSchema = z.object({
  _id: z.string(),
  post: z.string(),
  user: z.object({
    _id: z.string(),
    username: z.string(),
    /** First and last name as the author's privacy settings allow; the username otherwise. */
    fullName: z.string(),
    profilePicture: z.string().nullable(),
  }),
  /** The sanitised delta as a JSON string. */
  comment: z.string(),
  commentedAt: z.string(),
  /** Whether the caller may delete it (own comment, or verified staff). */
  canDelete: z.boolean(),
});

export type Comment = z.infer<typeof commentSchema>;

export const getCommentsByPostIdEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/comment/getCommentsByPostId/{postId}",
  summary: "Comments of a post, newest first",
  tag: "Comments",
  auth: "optional",
  sharedCache: true,
  params: z.object({ postId: idSchema }),
  response: z.object({ comments: z.array(commentSchema) }),
});

export const createCommentEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/comment/create",
  summary: "Comment on a post (rich text delta; colours stripped, only http(s)/mailto links kept)",
  tag: "Comments",
  auth: "required",
  body: createCommentBodySchema,
  response: z.object({ comment: commentSchema }),
  successStatus: 201,
});

export const deleteCommentEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/comment/delete",
  summary: "Delete a comment: its author, or verified staff",
  tag: "Comments",
  auth: "required",
  query: z.object({ postId: idSchema, commentId: idSchema }),
  response: z.object({ _id: z.string() }),
});
