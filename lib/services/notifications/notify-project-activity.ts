import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { recordNotifications } from "./record-notifications";

const authorOf = (postId: string) => sql`SELECT user_id FROM posts WHERE id = ${postId}`;

/** A comment on a project tells its author (the caller checked the commenter may see it). */
export function notifyCommentOnProject({ actor, postId }: { actor: Actor; postId: string }): Promise<number> {
  return recordNotifications({
    kind: "comment-on-your-project",
    actorId: actor.id,
    postId,
    recipients: authorOf(postId),
  });
}

/** A make of a project tells its author. */
export function notifyMakeOnProject({ actor, postId }: { actor: Actor; postId: string }): Promise<number> {
  return recordNotifications({
    kind: "make-on-your-project",
    actorId: actor.id,
    postId,
    recipients: authorOf(postId),
  });
}
