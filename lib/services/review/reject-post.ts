import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { env } from "@/lib/env";
import { projectRejectedEmail } from "@/lib/mail/templates/review";
import { decideOnPendingPost, type DecisionOutcome } from "./decide-on-pending-post";

/**
 * Staff send a pending post back to draft with a reason. The author gets the reason by e-mail and
 * sees it on the draft (profile card and wizard) until the next submit.
 */
export function rejectPost({
  actor,
  postId,
  reason,
}: {
  actor: Actor;
  postId: string;
  reason: string;
}): Promise<DecisionOutcome> {
  return decideOnPendingPost({
    actor,
    postId,
    decision: "rejected",
    reason,
    mail: {
      kind: "post-rejected",
      content: (post, author) =>
        projectRejectedEmail({
          username: author.username,
          projectTitle: post.title,
          projectUrl: `${env().PUBLIC_BASE_URL}/project/edit/${postId}?page=1&edit=true`,
          reason,
        }),
    },
  });
}
