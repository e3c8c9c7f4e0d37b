"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { LogoMark } from "@/components/layout/site-logo";
import { Button, buttonClasses } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils/cn";
import { LAST_STEP, WIZARD_STEPS } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { DetailsStep } from "./steps/details-step";
import { JobSetupStep } from "./steps/job-setup-step";
import { LicenceStep } from "./steps/licence-step";
import { MachinesStep } from "./steps/machines-step";
import { MediaStep } from "./steps/media-step";
import { ModelsStep } from "./steps/models-step";
import { StatusStep } from "./steps/status-step";
import { ToolsStep } from "./steps/tools-step";
import { useWizard } from "./use-wizard";
import type { StepProps, WizardOptions } from "./wizard-types";

/**
 * The 8-step project wizard (accounts spec §2 "Project wizard"): create mode saves step 1 and
 * moves to the edit address; every Next validates, saves with currentPage = step + 1, uploads
 * the step's files, refreshes the project and advances. The step lives in `?page`.
 */
export function ProjectWizard({
  post: initialPost,
  options,
}: {
  post: PostDetail | null;
  options: WizardOptions;
}) {
  const searchParams = useSearchParams();
  const isEdit = searchParams.get("edit") === "true" && initialPost !== null;
  const wizard = useWizard(
    initialPost,
    Number(searchParams.get("page") ?? initialPost?.currentPage ?? 1) || 1,
  );
  const { step, post, isSaving } = wizard;
  const refresh = useCallback(
    () => (post ? wizard.refresh(post._id) : Promise.resolve(null)),
    [post, wizard],
  );
  const submit = wizard.submit;
  const stableSubmit = useCallback(() => submit(), [submit]);

  const stepProps: StepProps = {
    data: wizard.data,
    setData: wizard.setData,
    errors: wizard.errors,
    post,
    queue: wizard.queue,
    addFiles: wizard.addFiles,
    removeQueued: wizard.removeQueued,
    onPostChanged: wizard.setPost,
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-line bg-surface">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between px-4">
          <Link
            href="/"
            aria-label="CNC Projects home"
            className="flex items-center gap-2 font-semibold text-ink"
          >
            <LogoMark className="size-7" />
            <span className="hidden sm:inline">{isEdit ? "Edit project" : "New project"}</span>
          </Link>
          <Link
            href="/"
            aria-label="Close the wizard"
            className={buttonClasses({ variant: "ghost", size: "icon" })}
          >
            <CloseIcon />
          </Link>
        </div>
        <nav aria-label="Wizard steps" className="mx-auto max-w-4xl px-4 pb-3">
          <ol className="flex items-center justify-between gap-1">
            {WIZARD_STEPS.map((name, index) => {
              const number = index + 1;
              const reachable = post !== null || number === 1;
              return (
                <li key={name} className="flex flex-1 justify-center">
                  <button
                    type="button"
                    disabled={!reachable || isSaving}
                    onClick={() => wizard.goTo(number)}
                    aria-current={number === step ? "step" : undefined}
                    aria-label={`Step ${number}: ${name}`}
                    title={name}
                    className={cn(
                      "flex size-8 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                      number === step
                        ? "border-brand-600 bg-brand-600 text-white"
                        : number < step
                          ? "border-brand-600 bg-brand-50 text-brand-800"
                          : "border-line-strong bg-surface text-ink-muted",
                      "disabled:cursor-not-allowed disabled:opacity-50",
                    )}
                  >
                    {number}
                  </button>
                </li>
              );
            })}
          </ol>
          <p className="mt-2 text-center text-sm font-medium text-ink-muted">
            Step {step} of {LAST_STEP}: {WIZARD_STEPS[step - 1]}
          </p>
        </nav>
      </header>

      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        {post?.reviewRejectionReason ? (
          <div
            role="note"
            className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <p className="font-semibold">A reviewer sent this project back:</p>
            <p className="mt-1 whitespace-pre-line">{post.reviewRejectionReason}</p>
          </div>
        ) : null}
        {post?.visibility === "public" ? (
          <p className="mb-5 rounded-lg border border-line bg-surface p-3 text-sm text-ink-muted">
            This project is published. Saving a change takes it back to draft until it is reviewed again.
          </p>
        ) : null}
        <div className="rounded-xl border border-line bg-surface p-4 shadow-card sm:p-6">
          {step === 1 ? <DetailsStep {...stepProps} options={options} /> : null}
          {step === 2 ? <MachinesStep {...stepProps} /> : null}
          {step === 3 ? <ModelsStep {...stepProps} refresh={refresh} /> : null}
          {step === 4 ? <ToolsStep {...stepProps} onUpload={() => wizard.goTo(3)} /> : null}
          {step === 5 ? (
            <MediaStep
              {...stepProps}
              refresh={refresh}
              youtubeUrls={wizard.youtubeUrls}
              setYoutubeUrls={wizard.setYoutubeUrls}
            />
          ) : null}
          {step === 6 ? <JobSetupStep {...stepProps} /> : null}
          {step === 7 ? <LicenceStep {...stepProps} /> : null}
          {step === 8 ? <StatusStep submit={stableSubmit} errors={wizard.errors} /> : null}
        </div>
      </main>

      <footer className="sticky bottom-0 border-t border-line bg-surface">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <div>
            {step >= 2 && step <= 7 ? (
              <Button
                type="button"
                variant="secondary"
                disabled={isSaving}
                onClick={() => wizard.goTo(step - 1)}
              >
                Back
              </Button>
            ) : null}
          </div>
          <div className="flex gap-3">
            {isEdit && step < LAST_STEP ? (
              <Button
                type="button"
                variant="secondary"
                disabled={isSaving}
                onClick={() => wizard.goTo(LAST_STEP)}
              >
                Submit
              </Button>
            ) : null}
            {step < LAST_STEP ? (
              <Button type="button" disabled={isSaving} onClick={() => void wizard.next()}>
                {isSaving ? <Spinner size="sm" label="Saving" /> : null}
                Next
              </Button>
            ) : post ? (
              <Link href={`/model/${post._id}`} className={buttonClasses()}>
                Done
              </Link>
            ) : null}
          </div>
        </div>
      </footer>
    </div>
  );
}
