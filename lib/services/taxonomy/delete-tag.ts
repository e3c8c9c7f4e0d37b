import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { tags } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { canReviewPosts } from "@/lib/services/posts/post-access";

/** Staff remove a tag (posts lose it by cascade); nobody else may. */
export async function deleteTag({ actor, tagId }: { actor: Actor; tagId: string }): Promise<{ _id: string }> {
  if (!canReviewPosts(actor)) throw new AppError("FORBIDDEN", "Only staff can delete tags.");
  const deleted = await db().delete(tags).where(eq(tags.id, tagId)).returning({ id: tags.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Tag not found");
  return { _id: tagId };
}
