import "server-only";
import { projectPagesChanged } from "@/lib/cache/project-page-changes";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { postTags, tags } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { canReviewPosts } from "@/lib/services/posts/post-access";

/** Staff remove a tag (posts lose it by cascade); nobody else may. */
export async function deleteTag({ actor, tagId }: { actor: Actor; tagId: string }): Promise<{ _id: string }> {
  if (!canReviewPosts(actor)) throw new AppError("FORBIDDEN", "Only staff can delete tags.");
  const tagged = await db().transaction(async (tx) => {
    // The links first, to learn which project pages showed the tag (the tag's delete would cascade).
    const links = await tx
      .delete(postTags)
      .where(eq(postTags.tagId, tagId))
      .returning({ postId: postTags.postId });
    const deleted = await tx.delete(tags).where(eq(tags.id, tagId)).returning({ id: tags.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", "Tag not found");
    return links;
  });
  projectPagesChanged(tagged.map((link) => link.postId));
  return { _id: tagId };
}
