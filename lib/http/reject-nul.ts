import { AppError } from "@/lib/errors";

export const NUL_MESSAGE = "Text must not contain NUL characters.";

/** The path of the first string holding U+0000 in a query, params, JSON or form body; null if none. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (depth > 32) return null;
  if (typeof value === "string") return value.includes("\u0000") ? path || "body" : null;
  if (typeof FormData !== "undefined" && value instanceof FormData) {
    for (const [key, entry] of value.entries()) {
      if (key.includes("\u0000")) return key;
      const found = findNul(entry, key, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${index}` : String(index), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return key;
      const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: such input used to reach the database and fail there as a
 * 500. Refused up front with a 400 for every endpoint.
 */
export function rejectNul(input: unknown): void {
  const path = findNul(input, "");
  if (path) throw new AppError("VALIDATION", NUL_MESSAGE, { issues: [{ path, message: NUL_MESSAGE }] });
}
