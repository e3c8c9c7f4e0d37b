import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { PostVisibility } from "@/lib/catalogue/enums";
import { db } from "@/lib/db/client";
import { posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { LAST_STEP, type PostFields, STEP_INVALID_MESSAGE } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { writePostFields } from "./authoring/write-post-fields";
import { submissionProblems } from "./authoring/submission-problems";
import { getPostDetail } from "./get-post-detail";
import { assertPostOwned, visibilityAfterEdit, visibilityAfterSubmit } from "./post-access";

/**
 * The owner saves wizard fields and the step to reopen at. currentPage 8 is the submit: every
 * step is checked against what would be stored, and only a complete post goes to review. All in
 * one transaction with the row locked, so a refused submit leaves nothing half-written.
 */
export async function updatePost({
  actor,
  postId,
  fields,
  currentPage,
}: {
  actor: Actor;
  postId: string;
  fields: PostFields;
  currentPage?: number;
}): Promise<PostDetail> {
  await db().transaction(async (tx) => {
    const post = await assertPostOwned(postId, actor, { executor: tx, lock: true });
    await writePostFields(tx, postId, fields);
    if (currentPage !== LAST_STEP) {
      const changesContent = Object.keys(fields).length > 0;
      const visibility = changesContent ? visibilityAfterEdit(post) : post.visibility;
      await tx
        .update(posts)
        .set({ visibility: visibility as PostVisibility, ...(currentPage ? { currentPage } : {}) })
        .where(eq(posts.id, postId));
      return;
    }
    const problems = await submissionProblems(tx, postId);
    if (problems.length > 0) throw new AppError("VALIDATION", STEP_INVALID_MESSAGE, { issues: problems });
    await tx
      .update(posts)
      .set({ currentPage, visibility: visibilityAfterSubmit(post) })
      .where(eq(posts.id, postId));
  });
  return getPostDetail({ postId, actor });
}
