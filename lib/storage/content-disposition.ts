import "server-only";

/** RFC 5987 attr-char: encodeURIComponent leaves `!'()*` alone, but only `!` is allowed unencoded. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266).
 * The fallback replaces everything outside printable ASCII, and `"`, `\` and `%` (which some
 * clients decode), by `_`; clients that know `filename*` use the exact name.
 */
export function attachmentContentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/gu, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
