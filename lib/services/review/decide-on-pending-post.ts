import "server-only";
import { and, eq, max } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { posts, reviewDecisions, users } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import type { MailContent, MailKind } from "@/lib/mail/types";
import { notifyReviewDecision, type PostBeforeDecision } from "@/lib/services/notifications/notify-review-decision";
import { afterEvent } from "@/lib/services/notifications/record-notifications";
import { assertPendingForReview } from "@/lib/services/posts/post-access";
import type { ReviewDecision } from "@/lib/validation/review";

export interface DecisionOutcome {
  post: { _id: string; visibility: "public" | "draft"; publishedAt: string | null };
  decision: ReviewDecision;
}

interface Author {
  email: string;
  username: string;
}

/**
 * The shared step of approving and rejecting: in one transaction the post row is locked (staff
 * only, pending only: post-access.ts), its visibility changes and the decision is written to the
 * review log. The author's e-mail goes out after the commit; a mail failure is logged and does not
 * undo a decision already made.
 */
export async function decideOnPendingPost({
  actor,
  postId,
  decision,
  reason = null,
  mail,
}: {
  actor: Actor;
  postId: string;
  decision: "approved" | "rejected";
  reason?: string | null;
  mail: { kind: MailKind; content: (post: { title: string }, author: Author) => MailContent };
}): Promise<DecisionOutcome> {
  const visibility = decision === "approved" ? "public" : "draft";
  const { outcome, author, title, before } = await db().transaction(async (tx) => {
    const pending = await assertPendingForReview(postId, actor, tx);
    // The notices depend on what the post was before this decision (notify-review-decision.ts).
    const [previous] = await tx
      .select({ publishedAt: posts.publishedAt, filesChangedAt: posts.filesChangedAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .limit(1);
    const [lastApproval] = await tx
      .select({ at: max(reviewDecisions.createdAt) })
      .from(reviewDecisions)
      .where(and(eq(reviewDecisions.postId, postId), eq(reviewDecisions.decision, "approved")));
    const [updated] = await tx
      .update(posts)
      // published_at is set by a trigger when the post first becomes public, and then kept: a post
      // approved again after an edit keeps its date.
      .set({ visibility })
      .where(eq(posts.id, postId))
      .returning({ publishedAt: posts.publishedAt });
    const [logged] = await tx
      .insert(reviewDecisions)
      .values({ postId, postTitle: pending.title, reviewerId: actor.id, decision, reason })
      .returning({ id: reviewDecisions.id, createdAt: reviewDecisions.createdAt });
    const [owner] = await tx
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, pending.userId))
      .limit(1);
    return {
      title: pending.title,
      author: owner,
      before: {
        postId,
        authorId: pending.userId,
        publishedAt: previous?.publishedAt ?? null,
        filesChangedAt: previous?.filesChangedAt ?? null,
        lastApprovedAt: lastApproval?.at ?? null,
      } satisfies PostBeforeDecision,
      outcome: {
        post: { _id: postId, visibility, publishedAt: updated?.publishedAt?.toISOString() ?? null },
        decision: {
          _id: logged!.id,
          postId,
          decision,
          reason,
          reviewer: { _id: actor.id, username: actor.username },
          createdAt: logged!.createdAt.toISOString(),
        },
      } satisfies DecisionOutcome,
    };
  });

  await afterEvent(`review ${decision}`, () =>
    notifyReviewDecision({ reviewerId: actor.id, decision, reason, before }),
  );
  if (author) {
    try {
      await sendMail({ to: author.email, kind: mail.kind, ...mail.content({ title }, author) });
    } catch (error) {
      console.error(`[review] post ${postId} ${decision} but the author's e-mail failed:`, error);
    }
  }
  return outcome;
}
