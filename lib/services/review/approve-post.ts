import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { env } from "@/lib/env";
import { projectPublishedEmail } from "@/lib/mail/templates/review";
import { decideOnPendingPost, type DecisionOutcome } from "./decide-on-pending-post";

/** Staff publish a pending post: it becomes public (listed and searchable) and its author is told. */
export function approvePost({ actor, postId }: { actor: Actor; postId: string }): Promise<DecisionOutcome> {
  return decideOnPendingPost({
    actor,
    postId,
    decision: "approved",
    mail: {
      kind: "post-approved",
      content: (post, author) =>
        projectPublishedEmail({
          username: author.username,
          projectTitle: post.title,
          projectUrl: `${env().PUBLIC_BASE_URL}/model/${postId}`,
        }),
    },
  });
}
