import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { PostVisibility } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";
import { posts } from "@/lib/db/schema";
import { LAST_STEP, type PostFields } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { replaceYoutubeLinks } from "./authoring/replace-youtube-links";
import { writePostFields } from "./authoring/write-post-fields";
import { getPostDetail } from "./get-post-detail";
import { assertPostOwned, visibilityAfterEdit } from "./post-access";
import { refreshPreflightReports } from "./preflight/refresh-preflight-reports";
import { submitPost } from "./submit-post";

/** Fields the pre-flight report reads (lib/gcode/preflight.ts). */
const PREFLIGHT_INPUTS = [
  "toolData",
  "units",
  "jobType",
  "zZeroPosition",
  "jobSizeWidth",
  "jobSizeHeight",
  "jobSizeThickness",
  "jobSizeDiameter",
  "jobSizeLength",
  "materialUsed",
  "spindleSpeed",
] as const satisfies readonly (keyof PostFields)[];

/**
 * The owner saves wizard fields and the step to reopen at, in one transaction with the row locked.
 * A save that changes content takes a published post back to draft (post-access.ts, ADR 016).
 * currentPage 8 is the submit (submit-post.ts).
 */
export async function updatePost({
  actor,
  postId,
  fields,
  youtubeUrls,
  currentPage,
}: {
  actor: Actor;
  postId: string;
  fields: PostFields;
  /** The whole YouTube list (the spec's `youtubeAttachments`), replacing the stored one when given. */
  youtubeUrls?: string[];
  currentPage?: number;
}): Promise<PostDetail> {
  if (currentPage === LAST_STEP) return submitPost({ actor, postId, fields, youtubeUrls });
  await db().transaction(async (tx) => {
    const post = await assertPostOwned(postId, actor, { executor: tx, lock: true });
    await writePostFields(tx, postId, fields);
    if (youtubeUrls) await replaceYoutubeLinks(tx, { userId: actor.id, postId, urls: youtubeUrls });
    // The models' pre-flight warnings follow the job setup and tool table the wizard shows them with.
    if (PREFLIGHT_INPUTS.some((key) => fields[key] !== undefined)) await refreshPreflightReports(tx, postId);
    const changesContent = Object.keys(fields).length > 0 || youtubeUrls !== undefined;
    const visibility = changesContent ? visibilityAfterEdit(post) : post.visibility;
    await tx
      .update(posts)
      .set({ visibility: visibility as PostVisibility, ...(currentPage ? { currentPage } : {}) })
      .where(eq(posts.id, postId));
  });
  return getPostDetail({ postId, actor });
}
