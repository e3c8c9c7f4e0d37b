"use client";

import { useCallback, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { pickedFileRefusal } from "@/lib/validation/attachments";
import { hashFile } from "./hash-file";
import { uploadFiles } from "./upload-files";
import {
  addToQueue,
  type QueuedFile,
  queuedEntry,
  removeEntry,
  setHash,
  type UploadCategory,
  updateEntry,
} from "./upload-queue";

/**
 * The wizard's upload queue: a picked file is hashed in the worker at once (so a second pick of
 * the same file replaces the first), and uploaded with its step's Next.
 */
export function useUploadQueue() {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  // The hashes being computed, so an upload can wait for a file picked a moment ago.
  const hashing = useRef(new Map<string, Promise<string | null>>());
  // Files refused when picked or dropped, by category: shown under the drop zone until the next pick.
  const [refused, setRefused] = useState<Partial<Record<UploadCategory, string[]>>>({});

  const add = useCallback((files: readonly File[], category: UploadCategory) => {
    const refusals = files.map((file) => pickedFileRefusal(category, file)).filter((text) => text !== null);
    setRefused((current) => ({ ...current, [category]: refusals }));
    for (const refusal of refusals) toast.error(refusal);
    for (const file of files) {
      if (pickedFileRefusal(category, file)) continue;
      const key = crypto.randomUUID();
      setQueue((current) => addToQueue(current, queuedEntry(key, file, category)));
      const hash = hashFile(file).then(
        (fileHash) => {
          setQueue((current) => setHash(current, key, fileHash));
          return fileHash;
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : "Could not read the file";
          setQueue((current) => updateEntry(current, key, { status: "failed", error: message }));
          return null;
        },
      );
      hashing.current.set(key, hash);
    }
  }, []);

  const remove = useCallback((key: string) => {
    hashing.current.delete(key);
    setQueue((current) => removeEntry(current, key));
  }, []);

  /**
   * Uploads the queued files of these categories to the post; answers the new attachment ids by
   * entry key. Uploaded entries leave the queue once the caller has confirmed them (`settle`).
   */
  async function upload(postId: string, categories: readonly UploadCategory[]) {
    // Entries uploaded by an earlier try whose confirm failed go again (the server dropped them).
    const entries = queue.filter((item) => categories.includes(item.category));
    const hashed: (QueuedFile & { fileHash: string })[] = [];
    for (const entry of entries) {
      const fileHash = entry.fileHash ?? (await hashing.current.get(entry.key));
      if (!fileHash) throw new Error(`Could not read ${entry.file.name}`);
      hashed.push({ ...entry, fileHash });
    }
    if (hashed.length === 0) return { ids: new Map<string, string>(), entries: hashed };
    const ids = await uploadFiles(postId, hashed, {
      onStart: (key) =>
        setQueue((current) => updateEntry(current, key, { status: "uploading", error: null })),
      onProgress: (key, progress) => setQueue((current) => updateEntry(current, key, { progress })),
      onFailed: (key, error) => setQueue((current) => updateEntry(current, key, { status: "failed", error })),
    });
    setQueue((current) =>
      current.map((item) => (ids.has(item.key) ? { ...item, status: "uploaded", progress: 1 } : item)),
    );
    return { ids, entries: hashed };
  }

  /** Confirmed entries leave the queue (the post lists them now). */
  const settle = useCallback((keys: readonly string[]) => {
    for (const key of keys) hashing.current.delete(key);
    setQueue((current) => current.filter((item) => !keys.includes(item.key)));
  }, []);

  return { queue, refused, add, remove, upload, settle };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
