import "server-only";
import { createHash } from "node:crypto";
import { getStorage } from "@/lib/storage";
import { MAX_UPLOAD_BYTES } from "@/lib/storage/limits";
import { DESIGN_FILE_MAX_BYTES, MODEL_MAX_BYTES } from "@/lib/validation/attachments";
import { MAKE_IMAGE_MAX_BYTES, MAKE_MESSAGES } from "@/lib/validation/makes";
import { matchesImageType, SIGNATURE_HEAD_BYTES } from "./image-signature";

/**
 * What an uploaded file may be, judged from the stored bytes and never from the client's word:
 * the size limit of its kind, the declared size and SHA-256, and for images the magic bytes of the declared type. Used when uploads are confirmed (confirm-uploads.ts) and
 * when upload URLs are handed out (declared sizes, create-upload-urls.ts).
 */
export type UploadKind = "model" | "image" | "design" | "zip";

const MB = 1024 * 1024;

/** Largest stored file per kind (documented in docs/security.md and docs/project-api.md). */
export const UPLOAD_LIMIT_BYTES: Record<UploadKind, number> = {
  model: MODEL_MAX_BYTES,
  image: MAKE_IMAGE_MAX_BYTES,
  design: DESIGN_FILE_MAX_BYTES,
  zip: MAX_UPLOAD_BYTES,
};

/** Types whose bytes are checked as images; every other media file is a design file. */
export const IMAGE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/svg+xml",
]);

export function uploadKindOf(category: string, contentType: string | null): UploadKind {
  if (category === "postModel") return "model";
  if (category === "postZip") return "zip";
  if (category === "postThumbnail" || category === "projectMakeImages") return "image";
  return contentType !== null && IMAGE_CONTENT_TYPES.has(contentType) ? "image" : "design";
}

export function tooLargeMessage(fileName: string, kind: UploadKind): string {
  return `${fileName} is too large: ${kind} files may be at most ${UPLOAD_LIMIT_BYTES[kind] / MB}MB.`;
}

/** The whole stored object, streamed: its SHA-256 (hex) and its first bytes. */
export async function readStoredObject(key: string): Promise<{ sha256: string; head: Uint8Array }> {
  const { stream } = await getStorage().getObject(key);
  const hash = createHash("sha256");
  const head = new Uint8Array(SIGNATURE_HEAD_BYTES);
  let headLength = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (headLength < head.length) {
        const part = value.subarray(0, head.length - headLength);
        head.set(part, headLength);
        headLength += part.length;
      }
      hash.update(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { sha256: hash.digest("hex"), head: head.subarray(0, headLength) };
}

export interface DeclaredUpload {
  category: string;
  fileName: string;
  fileSize: number | null;
  fileHash: string | null;
  contentType: string | null;
  storageKey: string;
}

/**
 * Why a stored upload cannot be kept, or null when it can. `storedSize` is the object's real size
 * (null: nothing arrived). Make images answer the spec's messages; other files name the file.
 */
export async function storedUploadProblem(
  upload: DeclaredUpload,
  storedSize: number | null,
): Promise<string | null> {
  const isMakeImage = upload.category === "projectMakeImages";
  const kind = uploadKindOf(upload.category, upload.contentType);
  if (storedSize === null)
    return isMakeImage ? MAKE_MESSAGES.imageInvalid : `${upload.fileName} was not uploaded.`;
  if (storedSize > UPLOAD_LIMIT_BYTES[kind]) {
    return isMakeImage ? MAKE_MESSAGES.imageTooLarge : tooLargeMessage(upload.fileName, kind);
  }
  if (upload.fileSize !== null && storedSize !== upload.fileSize) {
    return isMakeImage
      ? MAKE_MESSAGES.imageInvalid
      : `${upload.fileName} did not arrive completely. Please upload it again.`;
  }
  const { sha256, head } = await readStoredObject(upload.storageKey);
  if (upload.fileHash !== null && sha256 !== upload.fileHash.toLowerCase()) {
    return isMakeImage
      ? MAKE_MESSAGES.imageInvalid
      : `${upload.fileName} is not the file that was announced (its SHA-256 differs). Please upload it again.`;
  }
  if (kind === "image" && !matchesImageType(head, upload.contentType ?? "")) {
    return isMakeImage
      ? MAKE_MESSAGES.imageInvalid
      : `${upload.fileName} is not a valid ${upload.contentType ?? "image"} file.`;
  }
  return null;
}
