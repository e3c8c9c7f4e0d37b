import { z } from "zod";
import { endpoint } from "@/lib/validation/endpoint";

export const FOLLOW_MESSAGES = {
  self: "You cannot follow yourself.",
  userNotFound: "User not found.",
  usernameRequired: "username is required",
} as const;

const usernameSchema = z
  .string({ message: FOLLOW_MESSAGES.usernameRequired })
  .trim()
  .min(1, FOLLOW_MESSAGES.usernameRequired)
  .max(64, "username is too long");

/** The followed maker as the Follow button needs it after a change. */
export const followSchema = z.object({
  username: z.string(),
  isFollowedByUser: z.boolean(),
  followers: z.number().int(),
});
export type Follow = z.infer<typeof followSchema>;

export const createFollowEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/follow/create",
  summary: "Follow a maker: their new projects reach the follower's notifications (idempotent)",
  tag: "Follows",
  auth: "required",
  body: z.object({ username: usernameSchema }),
  response: z.object({ follow: followSchema }),
});

export const deleteFollowEndpoint = endpoint({
  method: "DELETE",
  path: "/api/v1/follow/delete",
  summary: "Stop following a maker (idempotent)",
  tag: "Follows",
  auth: "required",
  query: z.object({ username: usernameSchema }),
  response: z.object({ follow: followSchema }),
});
