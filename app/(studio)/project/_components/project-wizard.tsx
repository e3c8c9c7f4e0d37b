"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useSlowNotice } from "@/components/wizard/use-slow-notice";
import type { StepProps, WizardOptions } from "@/components/wizard/wizard-types";
import type { PostDetail } from "@/lib/validation/posts";
import { DetailsStep } from "../_steps/1-details/details-step";
import { MachinesStep } from "../_steps/2-machines/machines-step";
import { ModelsStep } from "../_steps/3-models/models-step";
import { ToolsStep } from "../_steps/4-tools/tools-step";
import { MediaStep } from "../_steps/5-media/media-step";
import { JobSetupStep } from "../_steps/6-job-setup/job-setup-step";
import { LicenceStep } from "../_steps/7-licence/licence-step";
import { StatusStep } from "../_steps/8-status/status-step";
import { useWizard } from "./use-wizard";
import { WizardFooter } from "./wizard-footer";
import { WizardHeader } from "./wizard-header";

/**
 * The 8-step project wizard (accounts spec §2 "Project wizard"): /project/create makes the draft
 * with step 1; /project/edit/{postId}?page=N&edit=true edits it. useWizard holds the moves.
 */
export function ProjectWizard({
  post: initialPost,
  options,
}: {
  post: PostDetail | null;
  options: WizardOptions;
}) {
  const wizard = useWizard(initialPost);
  const { step, post, isSaving } = wizard;
  const isSlow = useSlowNotice(isSaving && step !== 8);
  // A new step takes the keyboard focus to its heading (not on the first load).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    document.querySelector<HTMLElement>("#main h2")?.focus({ preventScroll: true });
  }, [step]);
  const stepProps: StepProps = {
    data: wizard.data,
    setData: wizard.setData,
    filledFromFiles: wizard.filledFromFiles,
    errors: wizard.errors,
    post,
    uploads: wizard.uploads,
    isSaving,
    refresh: wizard.refresh,
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <WizardHeader
        title={post ? "Edit project" : "Create a project"}
        step={step}
        furthestStep={post?.currentPage ?? 1}
        canJump={post !== null && !isSaving}
        onJump={(number) => wizard.goTo(number)}
      />

      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-5 sm:py-8">
        {post?.reviewRejectionReason && wizard.submitState !== "submitted" ? (
          <section
            aria-labelledby="review-reason-heading"
            className="mb-5 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
          >
            <h2 id="review-reason-heading" className="font-semibold">
              A reviewer sent this project back
            </h2>
            <p className="mt-1 text-sm whitespace-pre-line">{post.reviewRejectionReason}</p>
            <p className="mt-2 text-xs text-amber-900">
              Fix what the reviewer asks for, then submit it again.
            </p>
          </section>
        ) : null}
        {post?.visibility === "public" ? (
          <p className="mb-5 rounded-lg border border-line bg-surface p-3 text-sm text-ink-muted">
            This project is published. Saving a change takes it back to draft until it is reviewed again.
          </p>
        ) : null}
        {isSlow ? (
          <div
            role="status"
            className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-3 text-sm"
          >
            <span>Processing is taking longer than expected</span>
            <Button type="button" size="sm" variant="secondary" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </div>
        ) : null}

        <div className="rounded-xl border border-line bg-surface p-4 shadow-card sm:p-6">
          {step === 1 ? (
            <DetailsStep
              {...stepProps}
              options={options}
              thumbnailChoice={wizard.thumbnailChoice}
              onThumbnailChoice={wizard.setThumbnailChoice}
            />
          ) : null}
          {step === 2 ? <MachinesStep {...stepProps} /> : null}
          {step === 3 ? <ModelsStep {...stepProps} /> : null}
          {step === 4 ? <ToolsStep {...stepProps} onUploadModels={() => wizard.goTo(3)} /> : null}
          {step === 5 ? (
            <MediaStep
              {...stepProps}
              youtubeUrls={wizard.youtubeUrls}
              setYoutubeUrls={wizard.setYoutubeUrls}
            />
          ) : null}
          {step === 6 ? <JobSetupStep {...stepProps} /> : null}
          {step === 7 ? <LicenceStep {...stepProps} /> : null}
          {step === 8 ? (
            <StatusStep
              post={post}
              state={wizard.submitState}
              problems={wizard.submitProblems}
              onShown={wizard.onStatusShown}
              onGoTo={wizard.goTo}
              onSubmit={() => void wizard.submitForReview()}
            />
          ) : null}
        </div>
      </main>

      <WizardFooter
        step={step}
        postId={post?._id ?? null}
        isEdit={wizard.isEdit}
        isSaving={isSaving}
        isSubmitting={wizard.submitState === "processing" || wizard.submitState === "review"}
        onBack={() => wizard.goTo(step - 1)}
        onNext={() => void wizard.next()}
        onSubmit={() => void wizard.submitNow()}
      />
    </div>
  );
}
