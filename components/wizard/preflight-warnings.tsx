import { AlertIcon } from "@/components/ui/icons";
import { WIZARD_STEPS } from "@/lib/validation/wizard-steps";
import { preflightStepOf } from "./preflight";

/** A model's pre-flight warnings (units, spindle, depth, tools, job size), as plain sentences. */
export function PreflightWarnings({
  fileName,
  warnings,
  onGoTo,
}: {
  fileName?: string;
  warnings: readonly string[];
  /** When given, each warning links to the wizard step that fixes it. */
  onGoTo?: (step: number) => void;
}) {
  if (warnings.length === 0) return null;
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertIcon className="size-4 shrink-0" />
        {fileName ? `Pre-flight warnings for ${fileName}` : "Pre-flight warnings"}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        {warnings.map((warning) => {
          const step = preflightStepOf(warning);
          return (
            <li key={warning}>
              {warning}
              {onGoTo ? (
                <>
                  {" "}
                  <button
                    type="button"
                    className="font-medium text-brand-700 underline"
                    onClick={() => onGoTo(step)}
                  >
                    Fix in step {step}: {WIZARD_STEPS[step - 1]}
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
