"use client";

import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { LAST_STEP } from "@/lib/validation/post-authoring";

/** Back on steps 2-7, Submit in edit mode, Next on all but the last, Done on the last. */
export function WizardFooter({
  step,
  postId,
  isEdit,
  isSaving,
  isSubmitting,
  onBack,
  onNext,
  onSubmit,
}: {
  step: number;
  postId: string | null;
  isEdit: boolean;
  isSaving: boolean;
  isSubmitting: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
}) {
  return (
    <footer className="sticky bottom-0 z-20 border-t border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
        <div>
          {step >= 2 && step < LAST_STEP ? (
            <Button type="button" variant="secondary" disabled={isSaving} onClick={onBack}>
              Back
            </Button>
          ) : null}
        </div>
        <div className="flex gap-3">
          {isEdit && step < LAST_STEP ? (
            <Button type="button" variant="secondary" disabled={isSaving} onClick={onSubmit}>
              Submit
            </Button>
          ) : null}
          {step < LAST_STEP ? (
            <Button type="button" isLoading={isSaving} disabled={isSaving} onClick={onNext}>
              Next
            </Button>
          ) : postId && !isSubmitting ? (
            <Link href={`/model/${postId}`} className={buttonClasses()}>
              Done
            </Link>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
