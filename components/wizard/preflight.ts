import type { PostAttachment } from "@/lib/validation/posts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function warningText(item: unknown): string | null {
  if (typeof item === "string") return item.trim() || null;
  if (!isRecord(item) || item.ok === true || item.passed === true) return null;
  const text = item.message ?? item.text;
  return typeof text === "string" && text.trim() ? text.trim() : null;
}

/** A model's pre-flight warnings as sentences (none when the report is missing or clean). */
export function preflightWarningsOf(file: PostAttachment): string[] {
  const report: unknown = "preflight" in file ? (file as { preflight?: unknown }).preflight : null;
  const items: unknown[] = Array.isArray(report)
    ? report
    : isRecord(report)
      ? ["warnings", "checks"].flatMap((key) =>
          Array.isArray(report[key]) ? (report[key] as unknown[]) : [],
        )
      : [];
  return [...new Set(items.map(warningText).filter((text): text is string => text !== null))];
}

export const modelsOf = (post: { attachments: PostAttachment[] } | null) =>
  (post?.attachments ?? []).filter((file) => file.category === "postModel");
