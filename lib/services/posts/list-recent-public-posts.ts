import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { posts } from "@/lib/db/schema";
import type { PostSummary } from "@/lib/validation/posts";
import { toPostSummaries } from "./to-post-summaries";

/** The newest public posts, newest first with the id as a stable tie-break. */
export async function listRecentPublicPosts({ limit }: { limit: number }): Promise<PostSummary[]> {
  const page = await db()
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.visibility, "public"))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  return toPostSummaries(page.map((row) => row.id));
}
