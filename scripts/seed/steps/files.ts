import { createHash } from "node:crypto";
import { getStorage } from "@/lib/storage";

export interface StoredFile {
  storageKey: string;
  fileName: string;
  fileHash: string;
  fileSize: number;
  contentType: string;
}

/** Puts one generated file into object storage and returns what its attachment row records. */
export async function storeFile(
  storageKey: string,
  fileName: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<StoredFile> {
  await getStorage().putObject(storageKey, Buffer.from(bytes), {
    contentType,
    contentLength: bytes.byteLength,
  });
  return {
    storageKey,
    fileName,
    fileHash: createHash("sha256").update(bytes).digest("hex"),
    fileSize: bytes.byteLength,
    contentType,
  };
}
