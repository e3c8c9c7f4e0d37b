import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { posts, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";
import type { PostList, ProfilePostType } from "@/lib/validation/posts";
import { loadRejectionReasons } from "../review/queries/rejection-reasons";
import { profilePostsWhere } from "./post-access";
import { loadPostCards, pageOf, placeIn } from "./queries/to-post-summaries";

/**
 * A profile's posts, newest first (id breaks ties). The owner sees every post of theirs with its
 * badge (draft, pending review, unlisted), or one tab's (`postType`), and on a draft a reviewer
 * sent back the reviewer's reason; everybody else sees the public ones (post-access.ts).
 */
export async function listPostsByUser({
  actor,
  user,
  page,
  limit,
  postType,
}: {
  actor: Actor | null;
  user: { id: string } | { username: string };
  page: number;
  limit: number;
  postType?: ProfilePostType;
}): Promise<PostList> {
  const [owner] = await db()
    .select({ id: users.id })
    .from(users)
    .where("id" in user ? eq(users.id, user.id) : sql`lower(${users.username}) = lower(${user.username})`)
    .limit(1);
  if (!owner) throw new AppError("NOT_FOUND", "User not found");

  const where = and(eq(posts.userId, owner.id), profilePostsWhere(actor, owner.id, postType));
  // NULLS LAST as in posts_user_created_idx, so the order can come from the index.
  const order = [sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`];
  const pageQuery = db()
    .select({ id: posts.id, ord: placeIn(order) })
    .from(posts)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  const [postsOnPage, [totalRow]] = await Promise.all([
    loadPostCards(pageOf(pageQuery), { actorId: actor?.id }),
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .where(where),
  ]);
  const total = Number(totalRow?.total ?? 0);
  const isOwner = actor?.id === owner.id;
  const drafts = postsOnPage.filter((post) => post.visibility === "draft").map((post) => post._id);
  const [reasons, draftSteps] = isOwner
    ? await Promise.all([loadRejectionReasons(postsOnPage.map((post) => post._id)), loadDraftSteps(drafts)])
    : [new Map<string, string>(), new Map<string, number>()];
  return {
    posts: isOwner
      ? postsOnPage.map((post) => ({
          ...post,
          reviewRejectionReason: reasons.get(post._id) ?? null,
          draftStep: draftSteps.get(post._id) ?? null,
        }))
      : postsOnPage,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}

/** The step each draft resumes at (posts.current_page), for its owner's cards. */
async function loadDraftSteps(postIds: readonly string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db()
    .select({ id: posts.id, currentPage: posts.currentPage })
    .from(posts)
    .where(inArray(posts.id, [...postIds]));
  return new Map(rows.map((row) => [row.id, row.currentPage]));
}
