import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { consumeLimit, LIMITS } from "@/lib/rate-limit";
import { LAST_STEP, type PostFields, STEP_INVALID_MESSAGE } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { submissionProblems } from "./authoring/submission-problems";
import { replaceYoutubeLinks } from "./authoring/replace-youtube-links";
import { writePostFields } from "./authoring/write-post-fields";
import { buildPostBundle } from "./build-post-bundle";
import { getPostDetail } from "./get-post-detail";
import { assertPostOwned, visibilityAfterSubmit } from "./post-access";
import { refreshPreflightReports } from "./preflight/refresh-preflight-reports";
import { pruneToolpathThumbnails } from "./prune-toolpath-thumbnails";

/**
 * The submit (`updatePost` with currentPage 8): the last save's fields are written, then every
 * step is checked against what would be stored, with the wizard's own schemas. Any problem: 400
 * with every message in `issues` and nothing written (one transaction, the row locked), so the
 * post stays as it was. Otherwise each model's pre-flight report is computed against the submitted
 * job setup and tool table and the post goes to review (post-access.ts, ADR 016). After the commit
 * the 'Download All' zip is built; a failure there is logged and leaves the submit standing.
 * Submissions are counted per user (the zip build is the costly part; docs/security.md).
 */
export async function submitPost({
  actor,
  postId,
  fields,
  youtubeUrls,
}: {
  actor: Actor;
  postId: string;
  fields: PostFields;
  youtubeUrls?: string[];
}): Promise<PostDetail> {
  await consumeLimit(LIMITS.submissionsPerUser, actor.id);
  await db().transaction(async (tx) => {
    const post = await assertPostOwned(postId, actor, { executor: tx, lock: true });
    await writePostFields(tx, postId, fields);
    if (youtubeUrls) await replaceYoutubeLinks(tx, { userId: actor.id, postId, urls: youtubeUrls });
    const problems = await submissionProblems(tx, postId);
    if (problems.length > 0) throw new AppError("VALIDATION", STEP_INVALID_MESSAGE, { issues: problems });
    await refreshPreflightReports(tx, postId);
    await tx
      .update(posts)
      .set({ currentPage: LAST_STEP, visibility: visibilityAfterSubmit(post) })
      .where(eq(posts.id, postId));
  });
  try {
    await pruneToolpathThumbnails(postId);
    await buildPostBundle({ postId });
  } catch (error) {
    console.error(`Download-all bundle of post ${postId} failed`, error);
  }
  return getPostDetail({ postId, actor });
}
