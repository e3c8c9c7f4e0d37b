import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { attachments } from "@/lib/db/schema";
import { youtubeVideoId } from "@/lib/validation/post-authoring";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Replaces a post's YouTube links with `urls` (already checked by youtubeUrlsSchema), in the
 * caller's transaction. They are media attachments of their own kind, in the given order.
 */
export async function replaceYoutubeLinks(
  tx: Transaction,
  { userId, postId, urls }: { userId: string; postId: string; urls: readonly string[] },
): Promise<void> {
  await tx
    .delete(attachments)
    .where(and(eq(attachments.postId, postId), eq(attachments.resourceType, "youtube")));
  if (urls.length === 0) return;
  await tx.insert(attachments).values(
    urls.map((url, position) => ({
      userId,
      parentType: "post" as const,
      postId,
      category: "postMedia" as const,
      resourceType: "youtube" as const,
      status: "ready" as const,
      fileName: `YouTube ${youtubeVideoId(url) ?? "video"}`,
      externalUrl: url,
      position,
    })),
  );
}
