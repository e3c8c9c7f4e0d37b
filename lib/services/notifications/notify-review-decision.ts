import "server-only";
import { sql } from "drizzle-orm";
import { notifyRemixedProjects } from "./notify-remix";
import { recordNotifications } from "./record-notifications";

/** What the post was before the decision: read in the decision's transaction, before it changed. */
export interface PostBeforeDecision {
  postId: string;
  authorId: string;
  /** Null until the post is first published. */
  publishedAt: Date | null;
  filesChangedAt: Date | null;
  /** The previous approval (null for a post published without one, e.g. seeded). */
  lastApprovedAt: Date | null;
}

/**
 * The notices of a reviewer's decision: the author hears of it; an approval tells the authors of
 * the projects the post is based on (once per remix); an approval that first publishes a post
 * tells the author's followers; an approval of a post published before whose models or
 * media changed since it was last approved tells the people who downloaded it before the change.
 */
export async function notifyReviewDecision({
  reviewerId,
  decision,
  reason,
  before,
}: {
  reviewerId: string;
  decision: "approved" | "rejected";
  reason: string | null;
  before: PostBeforeDecision;
}): Promise<void> {
  const { postId, authorId } = before;
  await recordNotifications({
    kind: decision === "approved" ? "project-approved" : "project-rejected",
    actorId: reviewerId,
    postId,
    detail: decision === "rejected" ? reason : null,
    recipients: sql`SELECT ${authorId}::uuid`,
  });
  if (decision !== "approved") return;
  await notifyRemixedProjects(postId);

  if (!before.publishedAt) {
    await recordNotifications({
      kind: "followed-maker-published",
      actorId: authorId,
      postId,
      recipients: sql`SELECT follower_id FROM follows WHERE followee_id = ${authorId}`,
    });
    return;
  }
  const since = before.lastApprovedAt ?? before.publishedAt;
  const changedAt = before.filesChangedAt;
  if (!changedAt || changedAt <= since) return;
  await recordNotifications({
    kind: "downloaded-project-updated",
    actorId: authorId,
    postId,
    recipients: sql`SELECT DISTINCT user_id FROM download_logs
      WHERE post_id = ${postId} AND created_at < ${changedAt.toISOString()}::timestamptz`,
  });
}
