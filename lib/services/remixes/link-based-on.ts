import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/create";
import { postRemixes, posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { MAX_BASED_ON, REMIX_MESSAGES } from "@/lib/validation/remixes";
import { canBeNamedAsBasedOn, isLinkedPostShown, isNameableByAuthor } from "./remix-access";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A remix link: `postId` is based on `basedOnPostId`. */
export interface RemixLink {
  postId: string;
  basedOnPostId: string;
}

const basedOnPost = alias(posts, "based_on_post");

function refuse(message: string): never {
  throw new AppError("VALIDATION", message, { issues: [{ path: "basedOn", message }] });
}

/**
 * Replaces the projects `postId` is based on with `basedOn`, inside the caller's transaction (the
 * authoring calls, with the post locked and owned by the actor). Answers the links it created, so
 * a caller can tell the based-on projects' authors.
 *
 * A newly named project must be public; one the author cannot open answers like a missing one.
 * A link to a project that has since stopped being public, and that the author no longer sees,
 * is kept as it is: the author can neither see it to remove it nor name it again. It counts
 * towards the limit of MAX_BASED_ON.
 */
export async function linkBasedOn(
  tx: Transaction,
  { postId, basedOn }: { postId: string; basedOn: readonly string[] },
): Promise<RemixLink[]> {
  const wanted = [...new Set(basedOn)];
  if (wanted.includes(postId)) refuse(REMIX_MESSAGES.self);
  const [post] = await tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId));
  if (!post) throw new Error(`linkBasedOn: post ${postId} does not exist`);
  const authorId = post.userId;

  const current = await tx
    .select({ id: basedOnPost.id, visibility: basedOnPost.visibility, userId: basedOnPost.userId })
    .from(postRemixes)
    .innerJoin(basedOnPost, eq(basedOnPost.id, postRemixes.basedOnPostId))
    .where(eq(postRemixes.postId, postId));
  const currentIds = new Set(current.map((link) => link.id));
  const hiddenIds = current.filter((link) => !isLinkedPostShown(link, authorId)).map((link) => link.id);

  const added = wanted.filter((id) => !currentIds.has(id));
  if (added.length > 0) {
    const found = new Map(
      (
        await tx
          .select({ id: posts.id, visibility: posts.visibility, userId: posts.userId })
          .from(posts)
          .where(inArray(posts.id, added))
      ).map((row) => [row.id, row]),
    );
    for (const id of added) {
      const candidate = found.get(id);
      if (!candidate || !isNameableByAuthor(candidate, authorId)) refuse(REMIX_MESSAGES.notFound);
      if (!canBeNamedAsBasedOn(candidate)) refuse(REMIX_MESSAGES.notPublic);
    }
  }
  if (new Set([...wanted, ...hiddenIds]).size > MAX_BASED_ON) refuse(REMIX_MESSAGES.tooMany);

  const removed = current
    .filter((link) => isLinkedPostShown(link, authorId) && !wanted.includes(link.id))
    .map((link) => link.id);
  if (removed.length > 0) {
    await tx
      .delete(postRemixes)
      .where(and(eq(postRemixes.postId, postId), inArray(postRemixes.basedOnPostId, removed)));
  }
  if (added.length === 0) return [];
  return tx
    .insert(postRemixes)
    .values(added.map((basedOnPostId) => ({ postId, basedOnPostId })))
    .onConflictDoNothing()
    .returning({ postId: postRemixes.postId, basedOnPostId: postRemixes.basedOnPostId });
}
