import { preflightToolWarnings } from "@/lib/gcode/preflight";
import type { PostAttachment } from "@/lib/validation/posts";

type MappedTool = { modelId: string; laserOrEndmill: string };

/** A model's pre-flight warnings as sentences (none when the report is missing or clean). */
export const preflightWarningsOf = (file: PostAttachment): string[] => file.preflight?.warnings ?? [];

/**
 * A model's warnings while its tools are being edited (step 4): the stored report, with its tool
 * check redone against the table on screen instead of the one it was computed with (the saved one).
 */
export function liveToolPreflightOf(
  file: PostAttachment,
  savedTools: readonly MappedTool[],
  editedTools: readonly MappedTool[],
): string[] {
  const analysis = file.gcodeAnalysis;
  const ofFile = (tools: readonly MappedTool[]) => tools.filter((tool) => tool.modelId === file._id);
  const storedToolWarnings = new Set(preflightToolWarnings(analysis, ofFile(savedTools)));
  return [
    ...preflightWarningsOf(file).filter((warning) => !storedToolWarnings.has(warning)),
    ...preflightToolWarnings(analysis, ofFile(editedTools)),
  ];
}

export const modelsOf = (post: { attachments: PostAttachment[] } | null) =>
  (post?.attachments ?? []).filter((file) => file.category === "postModel");

/**
 * The wizard step that fixes a pre-flight warning: the tool table (step 4) for tool findings, the
 * job setup (step 6) where the file disagrees with it, else the file itself (step 3).
 */
export function preflightStepOf(warning: string): 3 | 4 | 6 {
  if (/step 4|\btools?\b/i.test(warning)) return 4;
  if (/job setup|job size|job length|job thickness/i.test(warning)) return 6;
  return 3;
}
