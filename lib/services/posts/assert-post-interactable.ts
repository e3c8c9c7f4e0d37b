import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";

type Executor = Pick<Database, "select">;

/**
 * A post the actor may like or bookmark: one they can see (public, unlisted, or their own).
 * Hidden posts answer like missing ones so draft ids do not leak.
 */
export async function assertPostInteractable(
  executor: Executor,
  actor: Actor,
  postId: string,
): Promise<void> {
  const [post] = await executor
    .select({ userId: posts.userId, visibility: posts.visibility })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  const visible =
    post !== undefined &&
    (post.visibility === "public" ||
      post.visibility === "unlisted" ||
      post.userId === actor.id ||
      actor.isStaff);
  if (!visible) throw new AppError("NOT_FOUND", "Project not found");
}
