import "server-only";
import { eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Who sees a remix link, in one place. A project can be named in Based on only while it is public
 * (listed: lib/services/posts/post-access.ts). A linked project (a based-on project, or a remix)
 * is shown to a reader while it is public, and to its own author always; a link to a project that
 * stops being public is kept, so it comes back in its place when the project is public again.
 */

interface LinkedPostFacts {
  visibility: string;
  userId: string;
}

/** Whether a project may be newly named in Based on. */
export function canBeNamedAsBasedOn(post: Pick<LinkedPostFacts, "visibility">): boolean {
  return post.visibility === "public";
}

/** Whether a linked project is shown to the reader (see above). */
export function isLinkedPostShown(post: LinkedPostFacts, readerId: string | null): boolean {
  return canBeNamedAsBasedOn(post) || (readerId !== null && post.userId === readerId);
}

/**
 * A project the author may name: one they can open (post-access.ts's rule for everyone, or
 * their own). Anything else answers as unknown, so the ids of other people's drafts do not leak.
 */
export function isNameableByAuthor(post: LinkedPostFacts, authorId: string): boolean {
  return post.visibility === "public" || post.visibility === "unlisted" || post.userId === authorId;
}

/**
 * isLinkedPostShown as SQL over `linked` (the posts table or an alias of it); 'public' is a
 * literal, as post-access.ts's listedPostsWhere, so plans stay generic.
 */
export function linkedPostShownWhere(
  linked: { visibility: AnyPgColumn; userId: AnyPgColumn },
  readerId: string | null,
): SQL {
  const listed = sql`${linked.visibility} = 'public'`;
  return readerId ? (or(listed, eq(linked.userId, readerId)) as SQL) : listed;
}
