import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { attachments, downloadLogs } from "@/lib/db/schema";
import { downloadResourceType } from "./download-resource-type";

export interface DownloadedFile {
  id: string;
  fileName: string;
  resourceType: string;
  postId: string;
  title: string;
}

/**
 * Counts one download of a file and, for a signed-in user, writes a download log with the names as
 * they are now, in one transaction.
 */
export async function recordDownload(file: DownloadedFile, actor: Actor | null): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(attachments)
      .set({ downloadCount: sql`${attachments.downloadCount} + 1` })
      .where(eq(attachments.id, file.id));
    if (actor) {
      await tx.insert(downloadLogs).values({
        userId: actor.id,
        attachmentId: file.id,
        postId: file.postId,
        fileName: file.fileName,
        title: file.title,
        resourceType: downloadResourceType(file),
      });
    }
  });
}
