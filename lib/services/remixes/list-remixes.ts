import "server-only";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { postRemixes, posts } from "@/lib/db/schema";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import { loadPostCards, pageOf, placeIn } from "@/lib/services/posts/queries/to-post-summaries";
import type { PostList } from "@/lib/validation/posts";
import { linkedPostShownWhere } from "./remix-access";

/**
 * GET /api/v1/post/getRemixes/{postId}: one page of the remixes of a project the actor may see,
 * as cards, newest link first: the public ones only, as the project page (the visitors' copy,
 * ADR 017) counts them, so "Remixes (n)" and its list agree for every reader.
 */
export async function listRemixes({
  actor,
  postId,
  page,
  limit,
}: {
  actor: Actor | null;
  postId: string;
  page: number;
  limit: number;
}): Promise<PostList> {
  await assertPostVisible(postId, actor);
  const where = and(
    eq(postRemixes.basedOnPostId, postId),
    linkedPostShownWhere(posts, null),
  ) as SQL;
  const order = [desc(postRemixes.createdAt), desc(postRemixes.postId)];
  const pageQuery = db()
    // Named `id` in the SQL too: the card query joins on page.id.
    .select({ id: sql<string>`${postRemixes.postId}`.as("id"), ord: placeIn(order) })
    .from(postRemixes)
    .innerJoin(posts, eq(posts.id, postRemixes.postId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  const [cards, [counted]] = await Promise.all([
    loadPostCards(pageOf(pageQuery), { actorId: actor?.id ?? null }),
    db()
      .select({ total: count() })
      .from(postRemixes)
      .innerJoin(posts, eq(posts.id, postRemixes.postId))
      .where(where),
  ]);
  const total = counted?.total ?? 0;
  return { posts: cards, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
