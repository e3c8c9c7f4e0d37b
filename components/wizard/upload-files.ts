/**
 * The browser half of the upload flow (accounts spec §7): ask for signed URLs for the hashed
 * files, then PUT each one with a real progress bar. The caller confirms the returned
 * attachment ids with updateAttachments, where the server checks the stored bytes.
 */
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { putFile } from "@/lib/api-client/project";
import { isGcodeFileName } from "@/lib/gcode/file-types";
import { getPreSignedUploadUrlEndpoint, type UploadRequest } from "@/lib/validation/attachments";
import { fileExtension, MEDIA_IMAGE_EXTENSIONS } from "@/lib/validation/post-authoring";
import type { QueuedFile } from "./upload-queue";

// The types the server signs uploads for (lib/storage/content-types.ts), for S3 URLs that do not name one.
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  stl: "model/stl",
  dxf: "image/vnd.dxf",
};

function contentTypeOf(file: File): string {
  if (isGcodeFileName(file.name)) return "text/x-gcode";
  return CONTENT_TYPES[fileExtension(file.name)] ?? "application/octet-stream";
}

function resourceTypeOf(item: QueuedFile): UploadRequest["resourceType"] {
  if (item.category === "postModel") return "model";
  if (item.category === "postThumbnail") return "image";
  // Design files (crv, f3d, pdf, stl, ...) are media but not pictures.
  return (MEDIA_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(item.file.name))
    ? "image"
    : "other";
}

/** The server signs at most this many files per request. */
const SIGN_BATCH = 20;
/** PUTs at once: big models share the connection instead of all crawling together. */
const PARALLEL_PUTS = 2;

export interface UploadCallbacks {
  onStart: (key: string) => void;
  onProgress: (key: string, progress: number) => void;
  onFailed: (key: string, message: string) => void;
}

/** Uploads hashed queue entries of one post; answers attachment id by entry key. */
export async function uploadFiles(
  postId: string,
  files: readonly (QueuedFile & { fileHash: string })[],
  { onStart, onProgress, onFailed }: UploadCallbacks,
): Promise<Map<string, string>> {
  const slots: { item: QueuedFile; signedUrl: string; attachmentId: string }[] = [];
  for (let start = 0; start < files.length; start += SIGN_BATCH) {
    const batch = files.slice(start, start + SIGN_BATCH);
    const { attachments } = await callEndpoint(getPreSignedUploadUrlEndpoint, {
      body: {
        attachments: batch.map((item) => ({
          parentId: postId,
          parentType: "post" as const,
          category: item.category,
          fileName: item.file.name,
          fileHash: item.fileHash,
          fileSize: item.file.size,
          resourceType: resourceTypeOf(item),
        })),
      },
    });
    batch.forEach((item, index) => {
      const slot =
        attachments.find((candidate) => candidate.fileHash === item.fileHash) ?? attachments[index];
      if (!slot) throw new Error(`No upload slot for ${item.file.name}`);
      slots.push({ item, signedUrl: slot.signedUrl, attachmentId: slot.attachmentId });
    });
  }

  const ids = new Map<string, string>();
  let next = 0;
  async function putNext(): Promise<void> {
    const slot = slots[next++];
    if (!slot) return;
    const { item } = slot;
    onStart(item.key);
    // The local driver names the type it signed; S3 URLs are signed for the file's own type.
    const signedType = new URL(slot.signedUrl, window.location.href).searchParams.get("contentType");
    try {
      await putFile(slot.signedUrl, item.file, signedType ?? contentTypeOf(item.file), (loaded) =>
        onProgress(item.key, item.file.size > 0 ? Math.min(loaded / item.file.size, 1) : 1),
      );
    } catch (error) {
      onFailed(item.key, error instanceof Error ? error.message : "Upload failed");
      throw error;
    }
    ids.set(item.key, slot.attachmentId);
    return putNext();
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PUTS, slots.length) }, putNext));
  return ids;
}
