import "server-only";
import type { Actor } from "@/lib/auth/actor";

/**
 * Who may delete a comment (the spec's rule): its author, and verified staff. Seeing and writing
 * comments follows the post's own visibility (lib/services/posts/post-access.ts).
 */
export function canDeleteComment(comment: { userId: string }, actor: Actor | null): boolean {
  return actor !== null && (actor.id === comment.userId || actor.isStaff);
}
