import { type FeedCheckPayload, feedCheckSchema } from "@/lib/validation/feeds";

/**
 * The pre-flight report is written by the upload analysis (the authoring issue) and stored with
 * each model. The review queue reads it without depending on its exact shape: warnings may be a
 * list of sentences, of `{ message }` objects, or checks with `ok: false`, under `warnings`,
 * `checks` or `items`, or the report may be the list itself.
 */
type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function itemText(item: Json): string | null {
  if (typeof item === "string") return item.trim() || null;
  if (!isRecord(item)) return null;
  // A passed check is not a warning.
  if (item.ok === true || item.passed === true || item.status === "ok" || item.severity === "ok") return null;
  for (const key of ["message", "text", "warning", "detail", "label"]) {
    const value = item[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** The feeds checks of a report (lib/feeds), kept only when each has the contract's shape. */
export function preflightFeeds(report: Json): FeedCheckPayload[] {
  if (!isRecord(report) || !Array.isArray(report.feeds)) return [];
  return report.feeds.flatMap((item) => {
    const parsed = feedCheckSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function preflightWarnings(report: Json): string[] {
  if (report === null || report === undefined) return [];
  const lists: Json[] = Array.isArray(report)
    ? [report]
    : isRecord(report)
      ? ["warnings", "checks", "items", "issues"].map((key) => report[key]).filter(Array.isArray)
      : [];
  const warnings = lists
    .flatMap((list) => (list as Json[]).map(itemText))
    .filter((text): text is string => !!text);
  return [...new Set(warnings)];
}
