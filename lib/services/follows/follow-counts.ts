import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";

export interface FollowCounts {
  followers: number;
  following: number;
  /** Null when nobody is signed in. */
  isFollowedByUser: boolean | null;
}

/** A user's follower and following counts, and whether the viewer follows them: one statement. */
export async function loadFollowCounts(userId: string, viewerId: string | null): Promise<FollowCounts> {
  const result = await db().execute<{
    followers: number;
    following: number;
    is_followed: boolean | null;
  }>(sql`
    SELECT
      (SELECT count(*)::int FROM follows WHERE followee_id = ${userId}) AS followers,
      (SELECT count(*)::int FROM follows WHERE follower_id = ${userId}) AS following,
      CASE WHEN ${viewerId}::uuid IS NULL THEN NULL ELSE EXISTS (
        SELECT 1 FROM follows WHERE follower_id = ${viewerId}::uuid AND followee_id = ${userId}
      ) END AS is_followed`);
  const [row] = result.rows;
  return {
    followers: Number(row?.followers ?? 0),
    following: Number(row?.following ?? 0),
    isFollowedByUser: row?.is_followed ?? null,
  };
}
