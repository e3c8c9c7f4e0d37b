import "server-only";
import path from "node:path";
import { GCODE_READ_EXTENSIONS } from "@/lib/gcode/file-types";

const BY_EXTENSION: Record<string, string> = {
  // Every name the site reads as G-code (lib/gcode/file-types.ts).
  ...Object.fromEntries(GCODE_READ_EXTENSIONS.map((extension) => [extension, "text/x-gcode"])),
  ".txt": "text/plain",
  ".json": "application/json",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".stl": "model/stl",
  ".dxf": "image/vnd.dxf",
};

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/** The local driver's fallback for files without a metadata sidecar (e.g. copied in by hand). */
export function contentTypeFromExtension(fileName: string): string {
  return BY_EXTENSION[path.extname(fileName).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
