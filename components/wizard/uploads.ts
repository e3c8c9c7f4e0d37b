import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { putFile } from "@/lib/api-client/project";
import { isGcodeFileName } from "@/lib/gcode/file-types";
import { getPreSignedUploadUrlEndpoint } from "@/lib/validation/attachments";
import type { QueuedFile } from "./wizard-types";

let worker: Worker | null = null;
const pending = new Map<string, { resolve: (hash: string) => void; reject: (error: Error) => void }>();

/** SHA-256 (hex) of a file, computed in a Web Worker. */
export function hashInWorker(file: File): Promise<string> {
  if (!worker) {
    worker = new Worker(new URL("./hash.worker.ts", import.meta.url));
    worker.onmessage = (event: MessageEvent<{ id: string; hash?: string; error?: string }>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (!waiting) return;
      if (event.data.hash) waiting.resolve(event.data.hash);
      else waiting.reject(new Error(event.data.error ?? "Could not read the file"));
    };
  }
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker!.postMessage({ id, file });
  });
}

// The types the server signs uploads for (lib/storage/content-types.ts), for S3 URLs that do not name it.
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
  return CONTENT_TYPES[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

const RESOURCE_TYPE = { postThumbnail: "image", postModel: "model", postMedia: "image" } as const;
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "svg", "gif"];

/**
 * The upload flow (spec §7): hash, ask for signed URLs, PUT each file with progress. Returns
 * the new attachment ids, which the caller confirms with updateAttachments.
 */
export async function uploadQueued(
  postId: string,
  files: QueuedFile[],
  onProgress: (key: string, progress: number) => void,
): Promise<Map<string, string>> {
  if (files.length === 0) return new Map();
  const hashes = await Promise.all(files.map((item) => hashInWorker(item.file)));
  const { attachments } = await callEndpoint(getPreSignedUploadUrlEndpoint, {
    body: {
      attachments: files.map((item, index) => {
        const extension = item.file.name.split(".").pop()?.toLowerCase() ?? "";
        const resourceType: "image" | "model" | "other" =
          item.category === "postMedia" && !IMAGE_EXTENSIONS.includes(extension)
            ? "other"
            : RESOURCE_TYPE[item.category];
        return {
          parentId: postId,
          parentType: "post" as const,
          category: item.category,
          fileName: item.file.name,
          fileHash: hashes[index]!,
          fileSize: item.file.size,
          resourceType,
        };
      }),
    },
  });
  const ids = new Map<string, string>();
  await Promise.all(
    files.map(async (item, index) => {
      const slot =
        attachments.find((candidate) => candidate.fileHash === hashes[index]) ?? attachments[index];
      if (!slot) throw new Error(`No upload slot for ${item.file.name}`);
      const signedType = new URL(slot.signedUrl, window.location.href).searchParams.get("contentType");
      await putFile(slot.signedUrl, item.file, signedType ?? contentTypeOf(item.file), (loaded) =>
        onProgress(item.key, item.file.size > 0 ? loaded / item.file.size : 1),
      );
      ids.set(item.key, slot.attachmentId);
    }),
  );
  return ids;
}
