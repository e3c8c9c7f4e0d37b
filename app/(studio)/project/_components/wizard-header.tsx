"use client";

import Link from "next/link";
import { SiteLogo } from "@/components/layout/site-logo";
import { buttonClasses } from "@/components/ui/button";
import { CheckIcon, CloseIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";
import { LAST_STEP, WIZARD_STEPS } from "@/lib/validation/post-authoring";

/** The wizard's header: logo, title, close (to /), and eight step dots that jump to any step. */
export function WizardHeader({
  title,
  step,
  furthestStep,
  canJump,
  onJump,
}: {
  title: string;
  step: number;
  /** The step the draft reopens at: the ones before it have been saved. */
  furthestStep: number;
  /** Dots work once the draft exists (step 1 makes it). */
  canJump: boolean;
  onJump: (step: number) => void;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-4xl items-center justify-between gap-3 px-4">
        <SiteLogo className="text-base [&_svg]:size-7" />
        <h1 className="truncate text-sm font-semibold text-ink-muted sm:text-base">{title}</h1>
        <Link
          href="/"
          prefetch={false}
          aria-label="Close the wizard"
          className={buttonClasses({ variant: "ghost", size: "icon" })}
        >
          <CloseIcon />
        </Link>
      </div>
      <nav aria-label="Wizard steps" className="mx-auto max-w-4xl px-2 pb-3 sm:px-4">
        <ol className="flex items-start justify-between">
          {WIZARD_STEPS.map((name, index) => {
            const number = index + 1;
            const isCurrent = number === step;
            const isSaved = number < furthestStep && !isCurrent;
            return (
              <li key={name} className="relative flex flex-1 justify-center">
                {number < LAST_STEP ? (
                  <span aria-hidden="true" className="absolute top-4 left-1/2 h-px w-full bg-line-strong" />
                ) : null}
                <button
                  type="button"
                  disabled={!canJump && !isCurrent}
                  onClick={() => onJump(number)}
                  aria-current={isCurrent ? "step" : undefined}
                  aria-label={`Step ${number}: ${name}${isSaved ? " (saved)" : ""}`}
                  title={name}
                  className="group relative flex flex-col items-center gap-1 rounded-lg px-1 disabled:cursor-not-allowed"
                >
                  <span
                    className={cn(
                      "flex size-8 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                      isCurrent
                        ? "border-brand-600 bg-brand-600 text-white"
                        : isSaved
                          ? "border-brand-600 bg-brand-50 text-brand-800 group-hover:bg-brand-100"
                          : "border-line-strong bg-surface text-ink-muted group-hover:border-brand-600",
                      "group-disabled:opacity-50",
                    )}
                  >
                    {isSaved ? <CheckIcon className="size-4" /> : number}
                  </span>
                  <span
                    className={cn(
                      "hidden max-w-20 text-center text-[11px] leading-tight lg:block",
                      isCurrent ? "font-semibold text-ink" : "text-ink-muted",
                    )}
                  >
                    {name}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        <p className="mt-2 text-center text-sm font-medium text-ink lg:hidden" aria-live="polite">
          Step {step} of {LAST_STEP}: {WIZARD_STEPS[step - 1]}
        </p>
      </nav>
    </header>
  );
}
