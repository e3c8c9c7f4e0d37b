import { buildPostPayload, type PostEditorData } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { STEP_FIELDS } from "../_steps/step-rules";
import { storedFieldsOf } from "./editor-data";

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The step's fields that differ from what the post stores (a default the editor filled in counts
 * as a change). Unchanged fields are not sent, so walking through a published project with Next
 * does not take it back to review (ADR 016).
 */
export function changedFields(step: number, data: PostEditorData, post: PostDetail | null) {
  const saved = post ? storedFieldsOf(post) : null;
  const keys = (STEP_FIELDS[step] ?? []).filter((key) => !saved || !sameValue(data[key], saved[key]));
  // A job type change also changes which sizes exist: send the job's fields together.
  const jobKeys = step === 6 && keys.length > 0 ? STEP_FIELDS[6]! : keys;
  const fields = buildPostPayload(Object.fromEntries(jobKeys.map((key) => [key, data[key]])));
  // The tool table is replaced whole, even when emptied (payload building drops empty lists).
  if (jobKeys.includes("toolData")) fields.toolData ??= [];
  return fields;
}
