import "server-only";
import { AppError } from "@/lib/errors";
import type { ByteRange } from "./types";

export type RangeRequest =
  /** No Range header, or one we ignore (malformed, other unit, several ranges): serve 200. */
  | { kind: "none" }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: "unsatisfiable" }
  /** 206; inclusive positions, already clamped to the object. */
  | { kind: "range"; start: number; end: number };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * One `Range: bytes=...` header against an object of `size` bytes (RFC 9110 section 14):
 * `a-b`, `a-` and `-n`. A syntactically invalid header is ignored rather than refused, as the RFC
 * allows; multi-range requests are answered with the whole object.
 */
export function parseRangeHeader(header: string | null, size: number): RangeRequest {
  if (header === null) return { kind: "none" };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: "none" };
  const [, first = "", last = ""] = match;

  if (first === "" && last === "") return { kind: "none" };

  if (first === "") {
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - suffixLength), end: size - 1 };
  }

  const start = Number(first);
  const requestedEnd = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (requestedEnd < start) return { kind: "none" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(requestedEnd, size - 1) };
}

/** A driver's `range` argument checked against the object: inclusive positions, end clamped. */
export function resolveByteRange(range: ByteRange, size: number): { start: number; end: number } {
  const { start, end } = range;
  if (
    !Number.isSafeInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isSafeInteger(end) || end < start))
  ) {
    throw new AppError("VALIDATION", "The byte range is malformed.");
  }
  if (start >= size) throw new AppError("VALIDATION", "The requested range is not satisfiable.");
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}
