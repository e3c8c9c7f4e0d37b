/**
 * What a file's first bytes prove, whatever its name or declared type says: every
 * stored image (thumbnails, media, make photos, profile pictures) is checked with these before it
 * is kept, so a page or script renamed `fake.png` is never served as an image from our origin.
 */
export type RasterImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** How many first bytes the checks below need (an SVG's opening tag may follow a long prologue). */
export const SIGNATURE_HEAD_BYTES = 1024;

/** The raster image type the first bytes prove, or null. */
export function detectImageType(head: Uint8Array): RasterImageType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  // GIF87a / GIF89a
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) {
    return "image/gif";
  }
  return null;
}

/**
 * An SVG has no magic bytes: its text must open (after an optional BOM, whitespace, an XML
 * declaration, comments and a doctype) with an `<svg` element, and never be an HTML document.
 * Stored SVGs are still served with a sandbox CSP (docs/storage.md).
 */
export function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head).replace(/^\uFEFF/, "");
  let rest = text.trimStart();
  for (;;) {
    const prologue = /^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*/i.exec(rest);
    if (!prologue) break;
    rest = rest.slice(prologue[0].length);
  }
  return /^<svg[\s>]/i.test(rest);
}

/** Whether the first bytes match the image type a file declared (raster types, or SVG). */
export function matchesImageType(head: Uint8Array, declaredType: string): boolean {
  if (declaredType === "image/svg+xml") return looksLikeSvg(head);
  return detectImageType(head) === declaredType;
}
