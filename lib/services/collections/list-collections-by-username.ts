import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { collections, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Collection } from "@/lib/validation/collections";
import type { PostList } from "@/lib/validation/posts";
import { visibleCollectionsWhere } from "./collection-access";
import { loadCollectionSummaries } from "./queries/collection-summaries";

/**
 * GET /api/v1/collection/getCollectionsByUsername/{username} and the profile's Collections tab:
 * the user's public collections, and their private ones too when they ask.
 */
export async function listCollectionsByUsername({
  actor,
  username,
  postId,
  page,
  limit,
}: {
  actor: Actor | null;
  username: string;
  postId?: string;
  page: number;
  limit: number;
}): Promise<{ collections: Collection[]; pagination: PostList["pagination"] }> {
  const [owner] = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!owner) throw new AppError("NOT_FOUND", "User not found");
  const where = visibleCollectionsWhere(owner.id, actor);
  const [list, [counted]] = await Promise.all([
    loadCollectionSummaries({ actor, ownerId: owner.id, where, postId, page, limit }),
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(collections)
      .where(where),
  ]);
  const total = Number(counted?.total ?? 0);
  return { collections: list, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
