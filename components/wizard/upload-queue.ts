/**
 * The wizard's upload queue as plain functions (accounts spec §3 "Upload queue item", §4 "Upload
 * queue"): adding a file with the same hash and category replaces the earlier entry; entries are
 * removed by hash and category, by category, or all at once.
 */

export type UploadCategory = "postThumbnail" | "postModel" | "postMedia";

export type QueuedStatus = "hashing" | "ready" | "uploading" | "uploaded" | "failed";

/** A file picked in the browser, waiting for (or going through) the upload flow. */
export interface QueuedFile {
  /** Local identity of the entry (the hash is known only once the worker has read the file). */
  key: string;
  file: File;
  category: UploadCategory;
  /** SHA-256 of the content, hex; null while the worker reads the file. */
  fileHash: string | null;
  status: QueuedStatus;
  /** 0..1 of the PUT. */
  progress: number;
  error: string | null;
}

/** Categories that hold one file: a new pick replaces the queued one. */
const SINGLE_FILE_CATEGORIES: readonly UploadCategory[] = ["postThumbnail"];

export function queuedEntry(key: string, file: File, category: UploadCategory): QueuedFile {
  return { key, file, category, fileHash: null, status: "hashing", progress: 0, error: null };
}

export function addToQueue(queue: readonly QueuedFile[], entry: QueuedFile): QueuedFile[] {
  const kept = SINGLE_FILE_CATEGORIES.includes(entry.category)
    ? removeCategory(queue, entry.category)
    : queue;
  return [...kept, entry];
}

/** The worker's answer: the entry gets its hash, and an earlier entry with the same hash and category goes. */
export function setHash(queue: readonly QueuedFile[], key: string, fileHash: string): QueuedFile[] {
  const entry = queue.find((item) => item.key === key);
  if (!entry) return [...queue];
  return queue
    .filter((item) => item.key === key || !(item.fileHash === fileHash && item.category === entry.category))
    .map((item) => (item.key === key ? { ...item, fileHash, status: "ready" as const } : item));
}

export function updateEntry(
  queue: readonly QueuedFile[],
  key: string,
  change: Partial<Pick<QueuedFile, "status" | "progress" | "error">>,
): QueuedFile[] {
  return queue.map((item) => (item.key === key ? { ...item, ...change } : item));
}

export function removeEntry(queue: readonly QueuedFile[], key: string): QueuedFile[] {
  return queue.filter((item) => item.key !== key);
}

export function removeByHash(
  queue: readonly QueuedFile[],
  fileHash: string,
  category: UploadCategory,
): QueuedFile[] {
  return queue.filter((item) => !(item.fileHash === fileHash && item.category === category));
}

export function removeCategory(queue: readonly QueuedFile[], category: UploadCategory): QueuedFile[] {
  return queue.filter((item) => item.category !== category);
}

export const inCategory = (queue: readonly QueuedFile[], category: UploadCategory) =>
  queue.filter((item) => item.category === category);
