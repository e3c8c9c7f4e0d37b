import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { AttachmentCategory } from "@/lib/catalogue/enums";
import { attachments } from "@/lib/db/schema";

/**
 * The attachments of one category of a post (or of several posts); `ready` keeps only those whose
 * upload is confirmed.
 */
export function postFilesWhere(
  postIds: string | readonly string[],
  category: AttachmentCategory,
  { ready = false }: { ready?: boolean } = {},
) {
  return and(
    typeof postIds === "string" ? eq(attachments.postId, postIds) : inArray(attachments.postId, [...postIds]),
    eq(attachments.category, category),
    ready ? eq(attachments.status, "ready") : undefined,
  );
}

/** The columns every stored picture among a post's thumbnails shares. */
export function readyPostThumbnail(userId: string, postId: string) {
  return { userId, parentType: "post", postId, category: "postThumbnail", status: "ready" } as const;
}
