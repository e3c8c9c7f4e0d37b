/**
 * Multipart bodies as plain objects for zod: a key given once is a string (or File), a key given
 * more than once an array, and dotted keys nest (`privacy.email` -> `{ privacy: { email } }`).
 * `arrayKeys` are always arrays, even when given once or not at all. JSON bodies pass through.
 */
export function formDataToObject(input: unknown, arrayKeys: readonly string[] = []): unknown {
  if (typeof FormData === "undefined" || !(input instanceof FormData)) return input;
  const result: Record<string, unknown> = {};
  for (const key of arrayKeys) result[key] = [];
  for (const key of new Set(input.keys())) {
    const values = input.getAll(key);
    const value = arrayKeys.includes(key) ? values : values.length === 1 ? values[0] : values;
    const path = key.split(".");
    let target = result;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (typeof next !== "object" || next === null || Array.isArray(next)) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = value;
  }
  return result;
}
