import type { PostAttachment } from "@/lib/validation/posts";

/** A model's pre-flight warnings as sentences (none when the report is missing or clean). */
export const preflightWarningsOf = (file: PostAttachment): string[] => file.preflight?.warnings ?? [];

export const modelsOf = (post: { attachments: PostAttachment[] } | null) =>
  (post?.attachments ?? []).filter((file) => file.category === "postModel");
