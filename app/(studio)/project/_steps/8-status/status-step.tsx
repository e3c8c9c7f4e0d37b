"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { CheckIcon, RefreshIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useSlowNotice } from "@/components/wizard/use-slow-notice";
import { LAST_STEP, STEP_INVALID_MESSAGE, WIZARD_STEPS } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import type { SubmitProblem, SubmitState } from "../../_components/use-wizard";
import { stepOfField } from "../step-rules";
import { PreflightSummary } from "./preflight-summary";

/** A refused submit: each message with a button to the step that fixes it. */
function SubmitProblems({ problems, onGoTo }: { problems: SubmitProblem[]; onGoTo: (step: number) => void }) {
  const unique = problems.filter(
    (problem, index) => problems.findIndex((other) => other.message === problem.message) === index,
  );
  return (
    <div className="flex flex-col gap-3 py-4" role="alert">
      <h2 className="text-xl font-semibold text-ink">{STEP_INVALID_MESSAGE}</h2>
      {unique.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {unique.map((problem) => {
            const step = stepOfField(problem.path);
            return (
              <li
                key={problem.message}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2"
              >
                <span className="text-red-800">{problem.message}</span>
                {step ? (
                  <Button type="button" size="sm" variant="secondary" onClick={() => onGoTo(step)}>
                    Go to step {step}: {WIZARD_STEPS[step - 1]}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">Use the step dots above to go back to a step.</p>
      )}
    </div>
  );
}

/**
 * Step 8: 'Processing' / 'Please wait' while the project is saved and submitted (currentPage 8),
 * then the review notice; after the spec's 5 minutes, a refresh is offered.
 */
export function StatusStep({
  post,
  state,
  problems,
  onShown,
  onGoTo,
  onSubmit,
}: {
  post: PostDetail | null;
  state: SubmitState;
  problems: SubmitProblem[];
  onShown: () => void;
  onGoTo: (step: number) => void;
  onSubmit: () => void;
}) {
  const isWorking = state === "processing" || state === "idle";
  const isSlow = useSlowNotice(isWorking);
  useEffect(onShown, [onShown]);

  if (isWorking) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center" role="status" aria-live="polite">
        <Spinner size="lg" className="text-brand-600" label={null} />
        <h2 tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
          Processing
        </h2>
        <p className="text-ink-muted">Please wait</p>
        {isSlow ? (
          <div className="mt-3 flex flex-col items-center gap-2">
            <p className="text-ink">Processing is taking longer than expected</p>
            <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
              <RefreshIcon />
              Refresh Page
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  if (state === "failed") return <SubmitProblems problems={problems} onGoTo={onGoTo} />;
  if (state === "review" && post) {
    const hasFindings = post.attachments.some((file) => (file.preflight?.warnings.length ?? 0) > 0);
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <h2 tabIndex={-1} className="text-2xl font-semibold text-ink focus:outline-none">
          Ready to submit?
        </h2>
        <p className="text-ink-muted">
          {hasFindings
            ? "The pre-flight check found something worth a look. Fix it, or submit as it is."
            : "The pre-flight check found nothing to fix. A reviewer looks at the project before it is published."}
        </p>
        <PreflightSummary post={post} onGoTo={onGoTo} beforeSubmit />
        <Button type="button" className="mt-2" onClick={onSubmit}>
          Submit for review
        </Button>
      </div>
    );
  }

  const isPublished = post?.visibility === "public";
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center" role="status">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CheckIcon className="size-7" />
      </span>
      {isPublished ? (
        <>
          <h2 className="text-2xl font-semibold text-ink">This project is published</h2>
          <p className="text-ink-muted">Saving a change in any step sends it back to review.</p>
        </>
      ) : (
        <>
          <h2 className="text-2xl font-semibold text-balance text-ink">
            Congratulations!! Project has been submitted for Review
          </h2>
          <p className="text-ink-muted">Your project will be published once the review is done.</p>
        </>
      )}
      {post ? <PreflightSummary post={post} /> : null}
      <p className="sr-only">
        Step {LAST_STEP} of {LAST_STEP}.
      </p>
    </div>
  );
}
