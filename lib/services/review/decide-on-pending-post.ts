import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { posts, reviewDecisions, users } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import type { MailContent, MailKind } from "@/lib/mail/types";
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
  const { outcome, author, title } = await db().transaction(async (tx) => {
    const pending = await assertPendingForReview(postId, actor, tx);
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

  if (author) {
    try {
      await sendMail({ to: author.email, kind: mail.kind, ...mail.content({ title }, author) });
    } catch (error) {
      console.error(`[review] post ${postId} ${decision} but the author's e-mail failed:`, error);
    }
  }
  return outcome;
}
