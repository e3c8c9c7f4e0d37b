import "server-only";
import { redirect } from "next/navigation";
import type { Actor } from "./actor";
import { getCurrentActor } from "./current-actor";

/**
 * Page guards (the spec's "Guards"): proxy.ts redirects early on the token alone; pages call these
 * again with the database's answer, and services check permissions a third time.
 */

/** The signed-in user or null; a user who has not completed sign-up is sent to /signup. */
export async function getSignupCompleteActor(): Promise<Actor | null> {
  const actor = await getCurrentActor();
  if (actor && !actor.isUserSignupComplete) redirect("/signup");
  return actor;
}

/** Protected screens: visitors go to /, incomplete sign-ups to /signup. */
export async function requireUser(): Promise<Actor> {
  const actor = await getSignupCompleteActor();
  if (!actor) redirect("/");
  return actor;
}

/** Add Project and the wizard: a verified user with a complete sign-up, else home. */
export async function requireVerifiedUser(): Promise<Actor> {
  const actor = await requireUser();
  if (!actor.isVerified) redirect("/");
  return actor;
}

/** /signup: a user whose sign-up is complete goes home. Returns the (incomplete) user or null. */
export async function requireSignupIncomplete(): Promise<Actor | null> {
  const actor = await getCurrentActor();
  if (actor?.isUserSignupComplete) redirect("/");
  return actor;
}
