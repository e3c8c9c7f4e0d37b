import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { postRemixes, posts } from "@/lib/db/schema";
import { recordNotifications } from "./record-notifications";

/**
 * A public remix tells the author of the project it is based on. A link is always made while the
 * remix is not public (an edit takes a published project back to draft), so this runs when the
 * remix is approved (notifyRemixedProjects); a remix that is not public yet tells nobody, and the
 * same remix of the same project is told once.
 */
export async function notifyRemix({
  remixPostId,
  basedOnPostId,
}: {
  remixPostId: string;
  basedOnPostId: string;
}): Promise<number> {
  const [[remix], [basedOn]] = await Promise.all([
    db()
      .select({ userId: posts.userId, visibility: posts.visibility })
      .from(posts)
      .where(eq(posts.id, remixPostId))
      .limit(1),
    db()
      .select({ userId: posts.userId, title: posts.title })
      .from(posts)
      .where(eq(posts.id, basedOnPostId))
      .limit(1),
  ]);
  if (!remix || !basedOn || remix.visibility !== "public") return 0;
  return recordNotifications({
    kind: "remix-of-your-project",
    actorId: remix.userId,
    postId: remixPostId,
    detail: basedOn.title,
    recipients: sql`SELECT ${basedOn.userId}::uuid`,
    unlessRecorded: true,
  });
}

/** Every project the now-public `remixPostId` names in Based on hears of it (at most 5). */
export async function notifyRemixedProjects(remixPostId: string): Promise<void> {
  const links = await db()
    .select({ basedOnPostId: postRemixes.basedOnPostId })
    .from(postRemixes)
    .where(eq(postRemixes.postId, remixPostId));
  for (const { basedOnPostId } of links) await notifyRemix({ remixPostId, basedOnPostId });
}
