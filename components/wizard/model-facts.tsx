import { formatDuration } from "@/lib/utils/format";
import type { PostAttachment } from "@/lib/validation/posts";
import { PreflightWarnings } from "./preflight-warnings";
import { preflightWarningsOf } from "./preflight";

/** What the upload analysis found in a model: job kind, units, tools, run time, and its pre-flight warnings. */
export function ModelFacts({ file, showWarnings = true }: { file: PostAttachment; showWarnings?: boolean }) {
  const analysis = file.gcodeAnalysis;
  if (!analysis) {
    return <p className="mt-1 text-xs text-ink-muted">Not analysed yet.</p>;
  }
  const facts = [
    analysis.isLaser ? "Laser job" : "Endmill job",
    analysis.units === "inch" ? "inches" : "mm",
    analysis.tools.length > 0 ? `tools ${analysis.tools.map((tool) => `T${tool}`).join(", ")}` : null,
    analysis.estimatedSeconds > 0 ? `about ${formatDuration(analysis.estimatedSeconds)}` : null,
    `${analysis.lineCount.toLocaleString("en-US")} lines`,
  ].filter(Boolean);
  return (
    <>
      <p className="mt-1 text-xs text-ink-muted">{facts.join(" · ")}</p>
      {showWarnings ? <PreflightWarnings warnings={preflightWarningsOf(file)} /> : null}
    </>
  );
}
