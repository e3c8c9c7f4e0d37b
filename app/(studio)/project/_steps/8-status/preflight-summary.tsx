import { FeedsCheckList } from "@/components/feeds/feeds-check-list";
import { PreflightWarnings } from "@/components/wizard/preflight-warnings";
import { modelsOf, preflightWarningsOf } from "@/components/wizard/preflight";
import type { PostDetail } from "@/lib/validation/posts";

/** The pre-flight warnings and feeds check of every model, for a last look; the reviewer sees them too. */
export function PreflightSummary({
  post,
  onGoTo,
  beforeSubmit = false,
}: {
  post: PostDetail;
  onGoTo?: (step: number) => void;
  /** Shown before the author submits: the findings can still be fixed. */
  beforeSubmit?: boolean;
}) {
  const flagged = modelsOf(post)
    .map((file) => ({ file, warnings: preflightWarningsOf(file), feeds: file.preflight?.feeds ?? [] }))
    .filter(({ warnings, feeds }) => warnings.length > 0 || feeds.length > 0);
  if (flagged.length === 0) return null;
  return (
    <section aria-labelledby="preflight-heading" className="mt-4 w-full max-w-xl text-left">
      <h3 id="preflight-heading" className="text-sm font-semibold text-ink">
        Pre-flight check
      </h3>
      <p className="text-sm text-ink-muted">
        {beforeSubmit
          ? "Worth a look before you submit: each finding links to the step that fixes it."
          : "The reviewer sees these findings too."}
      </p>
      {flagged.map(({ file, warnings, feeds }) => (
        <div key={file._id} className="mt-2 flex flex-col gap-2">
          <PreflightWarnings fileName={file.fileName} warnings={warnings} onGoTo={onGoTo} />
          <FeedsCheckList checks={feeds} fileName={file.fileName} />
        </div>
      ))}
    </section>
  );
}
