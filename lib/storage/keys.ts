import "server-only";
import { AppError } from "@/lib/errors";
import { MAX_KEY_LENGTH } from "./limits";

const MAX_SEGMENTS = 16;
const MAX_SEGMENT_LENGTH = 200;
/**
 * URL-unreserved characters only, so a key is the same string in a file path, an S3 object name
 * and a URL path (no encoding step to get wrong). A segment may not start with a dot: that rules
 * out `.` and `..` and leaves dot-names free for the local driver's temp and metadata files.
 */
const SEGMENT_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

function invalid(reason: string): AppError {
  return new AppError("VALIDATION", `Invalid storage key: ${reason}.`);
}

/**
 * The one check every storage key passes (both drivers, the file route): a relative path of
 * 1 to 16 segments separated by `/`, each `[A-Za-z0-9_-][A-Za-z0-9._-]*`. Returns the key.
 */
export function assertValidKey(key: unknown): string {
  if (typeof key !== "string" || key === "") throw invalid("it is empty");
  if (key.length > MAX_KEY_LENGTH) throw invalid(`it is longer than ${MAX_KEY_LENGTH} characters`);
  if (key.includes("\0")) throw invalid("it contains a NUL character");
  if (key.includes("\\")) throw invalid("it contains a backslash");
  if (key.startsWith("/")) throw invalid("it starts with /");
  const segments = key.split("/");
  if (segments.length > MAX_SEGMENTS) throw invalid(`it has more than ${MAX_SEGMENTS} segments`);
  for (const segment of segments) {
    if (segment === "") throw invalid("it has an empty segment");
    if (segment === "." || segment === "..") throw invalid("it contains a . or .. segment");
    if (segment.length > MAX_SEGMENT_LENGTH)
      throw invalid(`a segment is longer than ${MAX_SEGMENT_LENGTH} characters`);
    if (!SEGMENT_PATTERN.test(segment)) {
      throw invalid(
        "segments may only contain letters, digits, '.', '_' and '-', and may not start with '.'",
      );
    }
  }
  return key;
}

export function isValidKey(key: unknown): key is string {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * A user's file name as one key segment: accents dropped, other characters replaced by `-`,
 * at most 100 characters with the extension kept. `Ünïcode "plaque" v2.nc` -> `Unicode-plaque-v2.nc`.
 */
export function toKeySegment(fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const cleaned = ascii
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[.-]+/, "")
    .replace(/-+(\.|$)/g, "$1");
  if (cleaned === "" || !SEGMENT_PATTERN.test(cleaned)) return "file";
  if (cleaned.length <= 100) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 100 - extension.length) + extension;
}
