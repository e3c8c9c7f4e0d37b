import "server-only";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { sentBackDraftWhere } from "@/lib/services/posts/post-access";
import { db } from "@/lib/db/client";
import { posts, reviewDecisions } from "@/lib/db/schema";

/**
 * The same rule as loadRejectionReasons for one post inside a statement that reads `posts` (the
 * project page's single statement): the latest decision's reason when it was a rejection and the
 * post is still a draft, else null.
 */
export const rejectionReasonOfPost: SQL<string | null> = sql<
  string | null
>`case when ${sentBackDraftWhere} then (
  select case when ${reviewDecisions.decision} = 'rejected' then nullif(${reviewDecisions.reason}, '') end
  from ${reviewDecisions} where ${reviewDecisions.postId} = ${posts.id}
  order by ${reviewDecisions.createdAt} desc, ${reviewDecisions.id} desc limit 1) end`;

/**
 * The reason a reviewer gave for sending each of these posts back, for the posts that are still
 * drafts and whose latest decision was a rejection. A submit makes the post pending again and an
 * approval is a newer decision, so either one ends the reason's life without any bookkeeping.
 * Callers decide who may see it (post-access.ts, canSeeReviewOutcome).
 */
export async function loadRejectionReasons(postIds: string[]): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db()
    .selectDistinctOn([reviewDecisions.postId], {
      postId: reviewDecisions.postId,
      decision: reviewDecisions.decision,
      reason: reviewDecisions.reason,
    })
    .from(reviewDecisions)
    .innerJoin(posts, eq(posts.id, reviewDecisions.postId))
    .where(and(inArray(reviewDecisions.postId, postIds), sentBackDraftWhere))
    .orderBy(reviewDecisions.postId, sql`${reviewDecisions.createdAt} desc`, sql`${reviewDecisions.id} desc`);
  const reasons = new Map<string, string>();
  for (const row of rows) {
    if (row.postId && row.decision === "rejected" && row.reason) reasons.set(row.postId, row.reason);
  }
  return reasons;
}
