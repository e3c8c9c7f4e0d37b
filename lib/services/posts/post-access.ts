import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { eq, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { posts } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { ProfilePostType } from "@/lib/validation/posts";
import type { PostVisibility } from "@/lib/catalogue/enums";
import { REVIEW_MESSAGES } from "@/lib/validation/review";

/**
 * Who may see and change a post: the one home of these rules. Every service that reads or acts on
 * a post asks here; nothing else compares `visibility`.
 *
 * | visibility            | listed, searched | seen by                          | changed by |
 * | --------------------- | ---------------- | -------------------------------- | ---------- |
 * | public                | yes              | everyone                         | its owner  |
 * | unlisted              | no               | everyone with the link           | its owner  |
 * | draft                 | no               | its owner and staff              | its owner  |
 * | private (pending)     | no               | its owner and staff (reviewers)  | its owner; staff approve or reject |
 *
 * A post the actor may not see answers exactly like a missing one (404 with the same message), for
 * every call including delete, so the ids of drafts and pending posts do not leak.
 */
export const POST_NOT_FOUND_MESSAGE = "Project not found";

export interface PostAccessFacts {
  visibility: string;
  userId: string;
}

type Executor = Pick<Database, "select">;

/** Staff are the reviewers (DESIGN.md "Sessions"; the staff rule itself is lib/auth/staff.ts). */
export function canReviewPosts(actor: Actor | null): boolean {
  return actor !== null && actor.isStaff;
}

export function isPostOwner(post: PostAccessFacts, actor: Actor | null): boolean {
  return actor !== null && actor.id === post.userId;
}

export function canViewPost(post: PostAccessFacts, actor: Actor | null): boolean {
  if (post.visibility === "public" || post.visibility === "unlisted") return true;
  return isPostOwner(post, actor) || canReviewPosts(actor);
}

/**
 * The project page (spec: 'Oops! Page not found') shows no post that has no files yet; its owner
 * still opens it (the wizard refreshes the draft through the same call) and so do reviewers.
 */
export function canViewPostDetail(post: PostAccessFacts, actor: Actor | null, fileCount: number): boolean {
  if (!canViewPost(post, actor)) return false;
  return fileCount > 0 || isPostOwner(post, actor) || canReviewPosts(actor);
}

/** Listings, search, suggestions and the home page show public posts only. A literal, so plans stay generic. */
export const listedPostsWhere: SQL = sql`${posts.visibility} = 'public'`;

/** Posts the actor may open: listed or unlisted ones, their own, and every post for staff. */
export function visiblePostsWhere(actor: Actor | null): SQL {
  const open = sql`${posts.visibility} in ('public', 'unlisted')`;
  if (!actor) return open;
  if (canReviewPosts(actor)) return sql`true`;
  return or(open, eq(posts.userId, actor.id)) as SQL;
}

/** The owner's profile tabs: 'Draft', 'Published' (public), 'Pending for Review' (private). */
const PROFILE_TAB_VISIBILITY = { draft: "draft", published: "public", private: "private" } as const;

/**
 * A profile's posts: the owner sees all of theirs ('My Posts'), or one tab's with `postType`;
 * everybody else (staff included: they review from the queue) sees the public ones, whatever
 * `postType` says.
 */
export function profilePostsWhere(actor: Actor | null, ownerId: string, postType?: ProfilePostType): SQL {
  if (actor === null || actor.id !== ownerId) return listedPostsWhere;
  return postType ? eq(posts.visibility, PROFILE_TAB_VISIBILITY[postType]) : sql`true`;
}

/** The review queue: posts submitted by their authors and waiting for a reviewer. */
/**
 * Authoring transitions (ADR 016). Submitting (the wizard's step 8) sends any post to
 * review. Changing a published post through the wizard takes it back to draft: nothing a reader
 * sees changes without review; the owner submits it again. A pending post stays pending while its
 * owner edits it (still hidden; the reviewer sees the latest state).
 */
export function visibilityAfterSubmit(_post: Pick<PostAccessFacts, "visibility">): PostVisibility {
  return "private";
}

export function visibilityAfterEdit(post: Pick<PostAccessFacts, "visibility">): PostVisibility {
  return post.visibility === "public" || post.visibility === "unlisted"
    ? "draft"
    : (post.visibility as PostVisibility);
}

export const pendingReviewWhere: SQL = sql`${posts.visibility} = 'private'`;

export function isPendingReview(post: Pick<PostAccessFacts, "visibility">): boolean {
  return post.visibility === "private";
}

/** FORBIDDEN unless the actor is staff: the queue and its decisions are theirs alone. */
export function assertCanReviewPosts(actor: Actor): void {
  if (!canReviewPosts(actor)) throw new AppError("FORBIDDEN", REVIEW_MESSAGES.staffOnly);
}

/** A rejected post is back in draft; its reviewer's reason holds while it stays there (until the next submit). */
export const sentBackDraftWhere: SQL = sql`${posts.visibility} = 'draft'`;

/** A reviewer's reason for sending a post back is for its owner and staff only. */
export function canSeeReviewOutcome(post: PostAccessFacts, actor: Actor | null): boolean {
  return isPostOwner(post, actor) || canReviewPosts(actor);
}

async function loadAccessFacts(
  executor: Executor,
  postId: string,
  lock: boolean,
): Promise<(PostAccessFacts & { title: string }) | undefined> {
  const query = executor
    .select({ userId: posts.userId, title: posts.title, visibility: posts.visibility })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** The post when the actor may see it; otherwise NOT_FOUND. Comments, makes, likes and downloads start here. */
export async function assertPostVisible(
  postId: string,
  actor: Actor | null,
  executor: Executor = db(),
): Promise<PostAccessFacts & { title: string }> {
  const post = await loadAccessFacts(executor, postId, false);
  if (!post || !canViewPost(post, actor)) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  return post;
}

/**
 * The post when the actor owns it (edit, delete, uploads). Hidden from the actor: NOT_FOUND, as if
 * missing; visible but someone else's: FORBIDDEN with `forbiddenMessage`. Pass a transaction to
 * lock the row for the rest of it.
 */
export async function assertPostOwned(
  postId: string,
  actor: Actor,
  {
    executor = db(),
    lock = false,
    forbiddenMessage = "You can only change your own projects.",
  }: { executor?: Executor; lock?: boolean; forbiddenMessage?: string } = {},
): Promise<PostAccessFacts & { title: string }> {
  const post = await loadAccessFacts(executor, postId, lock);
  if (!post || !canViewPost(post, actor)) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  if (!isPostOwner(post, actor)) throw new AppError("FORBIDDEN", forbiddenMessage);
  return post;
}

/**
 * A reviewer's hold on a pending post: FORBIDDEN for anyone but staff, NOT_FOUND when it is gone,
 * CONFLICT when it is not pending (already decided, or withdrawn to draft). Inside a transaction
 * the row stays locked until it ends, so two reviewers cannot both decide on it.
 */
export async function assertPendingForReview(
  postId: string,
  actor: Actor,
  executor: Executor,
): Promise<PostAccessFacts & { title: string }> {
  assertCanReviewPosts(actor);
  const post = await loadAccessFacts(executor, postId, true);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND_MESSAGE);
  if (!isPendingReview(post)) throw new AppError("CONFLICT", REVIEW_MESSAGES.notPending);
  return post;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * The key-protected preview sees every post, drafts included: true when the key is one of
 * PREVIEW_API_KEY's comma-separated keys (constant-time comparison).
 */
export function isValidPreviewKey(apiKey: string | null): boolean {
  const keys = (env().PREVIEW_API_KEY ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  if (!apiKey || keys.length === 0) return false;
  const given = digest(apiKey);
  // Compare against every key, so the time taken does not tell which one matched.
  return keys.reduce((matched, key) => timingSafeEqual(digest(key), given) || matched, false);
}
