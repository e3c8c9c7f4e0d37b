import "server-only";
import { and, inArray, lte, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { storageDeletions } from "@/lib/db/schema";
import { getStorage } from "@/lib/storage";

/**
 * Upload keys (docs/storage.md, "Write once"): a signed PUT URL writes to `uploads/...`, a key
 * nothing serves. The confirm step copies the checked bytes to the attachment's storage key, and
 * the upload key is deleted once its URL has expired, whatever a late PUT put there.
 */
export const UPLOAD_KEY_PREFIX = "uploads";

/** How long a signed PUT URL lives. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/** After this, no URL for the key can still write (its lifetime plus clock skew between hosts). */
const UPLOAD_KEY_GRACE_MS = (UPLOAD_URL_SECONDS + 60) * 1000;

const BATCH = 200;

/**
 * Deletes the upload keys' objects once their URLs have expired. Until then a confirmed file's
 * upload key keeps its bytes, so the local driver refuses a second PUT (the URL writes once).
 */
export async function scheduleUploadKeyDeletion(keys: readonly string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  const dueAt = new Date(now.getTime() + UPLOAD_KEY_GRACE_MS);
  await db()
    .insert(storageDeletions)
    .values(keys.map((storageKey) => ({ storageKey, dueAt })))
    .onConflictDoUpdate({
      target: storageDeletions.storageKey,
      set: { dueAt: sql`greatest(${storageDeletions.dueAt}, excluded.due_at)` },
    });
}

/** Deletes the objects whose URLs have expired (sweep-abandoned-uploads.ts); returns how many. */
export async function deleteDueUploadKeys(now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await db()
      .select({ storageKey: storageDeletions.storageKey })
      .from(storageDeletions)
      .where(lte(storageDeletions.dueAt, now))
      .limit(BATCH);
    if (due.length === 0) break;
    const keys = due.map((row) => row.storageKey);
    await getStorage().deleteObjects(keys);
    await db()
      .delete(storageDeletions)
      .where(and(inArray(storageDeletions.storageKey, keys), lte(storageDeletions.dueAt, now)));
    removed += keys.length;
    if (due.length < BATCH) break;
  }
  return removed;
}

/**
 * The stored objects of deleted attachments: deleted now, and a pending upload's key again once
 * its URL has expired (a PUT may still arrive until then).
 */
export async function deleteAttachmentObjects(
  files: readonly { storageKey: string | null; uploadKey: string | null }[],
): Promise<void> {
  await scheduleUploadKeyDeletion(files.flatMap((file) => (file.uploadKey ? [file.uploadKey] : [])));
  const keys = files.flatMap((file) => [file.storageKey, file.uploadKey]).filter((key) => key !== null);
  if (keys.length > 0) await getStorage().deleteObjects(keys);
}
