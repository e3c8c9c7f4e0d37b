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

/** Other names browsers and tools give the same kind of file (the systems' MIME tables differ). */
const DECLARED_ALIASES: Record<string, readonly string[]> = {
  "text/x-gcode": ["text/plain"],
  "image/jpeg": ["image/jpg", "image/pjpeg"],
  "image/png": ["image/x-png"],
  "application/zip": ["application/x-zip-compressed", "application/x-zip", "multipart/x-zip"],
  "model/stl": ["application/sla", "application/vnd.ms-pki.stl", "model/x.stl-binary", "model/x.stl-ascii"],
  "image/vnd.dxf": ["application/dxf", "application/x-dxf", "image/x-dxf"],
};

/**
 * The types an upload of a file of `contentType` may be declared with: its own, its aliases, and
 * `application/octet-stream` (what tools send for anything). The first is the file's own type.
 */
export function declarableContentTypes(contentType: string): [string, ...string[]] {
  const others = [...(DECLARED_ALIASES[contentType] ?? []), DEFAULT_CONTENT_TYPE].filter(
    (type) => type !== contentType,
  );
  return [contentType, ...new Set(others)];
}
