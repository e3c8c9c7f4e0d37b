import { AppError } from "@/lib/errors";

/**
 * Path segments that would reach an object's prototype instead of a field of its own
 * (prototype pollution): a field name containing one is refused with a 400.
 */
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Throws a 400 when a multipart field name has a segment that could reach a prototype. */
export function assertSafeFieldName(key: string): void {
  if (key.split(".").some((segment) => FORBIDDEN_SEGMENTS.has(segment))) {
    throw new AppError("VALIDATION", "The request has a field name that is not allowed.", {
      issues: [{ path: key, message: "This field name is not allowed." }],
    });
  }
}

/**
 * Multipart bodies as plain objects for zod: a key given once is a string (or File), a key given
 * more than once an array, and dotted keys nest (`privacy.email` -> `{ privacy: { email } }`).
 * `arrayKeys` are always arrays, even when given once or not at all. JSON bodies pass through.
 * A field name with a `__proto__`, `constructor` or `prototype` segment is refused (AppError
 * VALIDATION, a 400), and only own properties are followed while nesting.
 */
export function formDataToObject(input: unknown, arrayKeys: readonly string[] = []): unknown {
  if (typeof FormData === "undefined" || !(input instanceof FormData)) return input;
  const result: Record<string, unknown> = {};
  for (const key of arrayKeys) result[key] = [];
  for (const key of new Set(input.keys())) {
    assertSafeFieldName(key);
    const values = input.getAll(key);
    const value = arrayKeys.includes(key) ? values : values.length === 1 ? values[0] : values;
    const path = key.split(".");
    let target = result;
    for (const segment of path.slice(0, -1)) {
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (typeof next !== "object" || next === null || Array.isArray(next)) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = value;
  }
  return result;
}
