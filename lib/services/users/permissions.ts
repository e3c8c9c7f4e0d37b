import "server-only";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";

/**
 * The one rule for "Add Project" (spec section 2, Guards): a signed-in user whose sign-up is
 * complete and whose e-mail is verified. Project services call this before creating a post.
 */
export function assertCanCreateProject(actor: Actor | null): Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  if (!actor.isUserSignupComplete) throw new AppError("FORBIDDEN", "Please complete your sign-up first.");
  if (!actor.isVerified) throw new AppError("FORBIDDEN", "Please verify your e-mail address first.");
  return actor;
}
