import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { posts } from "@/lib/db/schema";
import { assertCanCreateProject } from "@/lib/services/users/permissions";
import type { PostFields } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { writePostFields } from "./authoring/write-post-fields";
import { getPostDetail } from "./get-post-detail";

/**
 * A new draft owned by the actor (the wizard's step 1, or `post/create` with a full payload).
 * The row and its tags, machines and tools are written in one transaction.
 */
export async function createPostDraft({
  actor,
  fields,
  currentPage = 2,
}: {
  actor: Actor;
  fields: PostFields & { title: string; description: string };
  currentPage?: number;
}): Promise<PostDetail> {
  assertCanCreateProject(actor);
  const postId = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        userId: actor.id,
        title: fields.title,
        description: fields.description,
        visibility: "draft",
        currentPage,
      })
      .returning({ id: posts.id });
    if (!row) throw new Error("insert returned no row");
    await writePostFields(tx, row.id, fields);
    return row.id;
  });
  return getPostDetail({ postId, actor });
}
