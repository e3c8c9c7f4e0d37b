import "server-only";
import { AppError } from "@/lib/errors";

/** Largest upload the local driver's PUT route accepts (413 above it). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** S3 (SigV4) refuses presigned URLs valid for longer than seven days; the local driver follows. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

/** S3's limit on key length; also keeps local paths well under PATH_MAX. */
export const MAX_KEY_LENGTH = 1024;

export const MAX_DOWNLOAD_FILE_NAME_LENGTH = 255;

// type "/" subtype, RFC 9110 token characters, then optional parameters without control characters.
const CONTENT_TYPE_PATTERN = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(?:\s*;[\x20-\x7e]*)?$/;

export function assertValidContentType(contentType: unknown): string {
  if (
    typeof contentType !== "string" ||
    contentType.length > 255 ||
    !CONTENT_TYPE_PATTERN.test(contentType)
  ) {
    throw new AppError("VALIDATION", "The content type must look like type/subtype.");
  }
  return contentType;
}

export function assertValidExpiry(expiresInSeconds: unknown): number {
  if (
    typeof expiresInSeconds !== "number" ||
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > MAX_PRESIGN_SECONDS
  ) {
    throw new AppError("VALIDATION", `A signed URL must expire in 1 to ${MAX_PRESIGN_SECONDS} seconds.`);
  }
  return expiresInSeconds;
}

/** Any printable name; control characters (which could split headers) and lone surrogates are refused. */
export function assertValidDownloadFileName(fileName: unknown): string {
  if (
    typeof fileName !== "string" ||
    fileName.trim() === "" ||
    fileName.length > MAX_DOWNLOAD_FILE_NAME_LENGTH ||
    !fileName.isWellFormed() ||
    /[\u0000-\u001f\u007f-\u009f]/.test(fileName)
  ) {
    throw new AppError(
      "VALIDATION",
      `A download file name must have 1 to ${MAX_DOWNLOAD_FILE_NAME_LENGTH} characters and no control characters.`,
    );
  }
  return fileName;
}

/** The media type without parameters, lower case: `Text/Plain; charset=x` -> `text/plain`. */
export function contentTypeEssence(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}
