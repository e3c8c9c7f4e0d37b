import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";
import { deleteDueUploadKeys } from "./upload-keys";

/** A pending upload older than this was abandoned (its PUT URL lives 15 minutes). */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

const BATCH = 200;

/**
 * Removes uploads that were never confirmed: pending attachment rows older than `olderThanMs`,
 * with their stored objects, and the upload keys whose URLs have expired (upload-keys.ts). Run
 * every few minutes by the server process (scripts/server-process.ts); safe to run from several
 * processes at once. Returns how many attachments went.
 */
export async function sweepAbandonedUploads(
  options: { olderThanMs?: number; now?: Date } = {},
): Promise<{ removed: number }> {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - (options.olderThanMs ?? ABANDONED_UPLOAD_AGE_MS),
  );
  const storage = getStorage();
  let removed = 0;
  for (;;) {
    const rows = await db()
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.status, "pending"), lt(attachments.createdAt, cutoff)))
      .limit(BATCH);
    if (rows.length === 0) break;
    // Rows first: a confirm racing with the sweep then finds no row instead of a missing object.
    const deleted = await db()
      .delete(attachments)
      .where(
        and(
          inArray(
            attachments.id,
            rows.map((row) => row.id),
          ),
          eq(attachments.status, "pending"),
        ),
      )
      .returning({ storageKey: attachments.storageKey, uploadKey: attachments.uploadKey });
    const keys = deleted
      .flatMap((row) => [row.storageKey, row.uploadKey])
      .filter((key): key is string => key !== null);
    if (keys.length > 0) await storage.deleteObjects(keys);
    removed += deleted.length;
    if (rows.length < BATCH) break;
  }
  await deleteDueUploadKeys(options.now);
  return { removed };
}
