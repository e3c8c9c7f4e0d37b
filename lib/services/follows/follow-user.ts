import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { follows, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { type Follow, FOLLOW_MESSAGES } from "@/lib/validation/follows";
import { loadFollowCounts } from "./follow-counts";

async function findFollowee(actor: Actor, username: string): Promise<{ id: string; username: string }> {
  const [followee] = await db()
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  if (!followee) throw new AppError("NOT_FOUND", FOLLOW_MESSAGES.userNotFound);
  if (followee.id === actor.id) {
    throw new AppError("VALIDATION", FOLLOW_MESSAGES.self, {
      issues: [{ path: "username", message: FOLLOW_MESSAGES.self }],
    });
  }
  return followee;
}

async function followAnswer(actor: Actor, followee: { id: string; username: string }): Promise<Follow> {
  const counts = await loadFollowCounts(followee.id, actor.id);
  return {
    username: followee.username,
    isFollowedByUser: counts.isFollowedByUser ?? false,
    followers: counts.followers,
  };
}

/** POST /api/v1/follow/create: follow a maker; following again changes nothing. */
export async function followUser({ actor, username }: { actor: Actor; username: string }): Promise<Follow> {
  const followee = await findFollowee(actor, username);
  await db().insert(follows).values({ followerId: actor.id, followeeId: followee.id }).onConflictDoNothing();
  return followAnswer(actor, followee);
}

/** DELETE /api/v1/follow/delete?username=: stop following; not following already is no error. */
export async function unfollowUser({ actor, username }: { actor: Actor; username: string }): Promise<Follow> {
  const followee = await findFollowee(actor, username);
  await db()
    .delete(follows)
    .where(and(eq(follows.followerId, actor.id), eq(follows.followeeId, followee.id)));
  return followAnswer(actor, followee);
}
