"use client";

import { LICENCE_TYPES } from "@/lib/catalogue/enums";
import { StepTitle } from "../fields";
import type { StepProps } from "../wizard-types";

/** Step 7: the licence others may use the project under. */
export function LicenceStep({ data, setData, errors }: StepProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend>
        <StepTitle title="License Details" description="How others may use what you share." />
      </legend>
      {LICENCE_TYPES.map((licence) => (
        <label
          key={licence.value}
          className="flex cursor-pointer gap-3 rounded-lg border border-line bg-surface p-4 has-checked:border-brand-600 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name="licence"
            value={licence.value}
            checked={data.licenceType === licence.value}
            onChange={() => setData({ licenceType: licence.value })}
            className="mt-1"
          />
          <span className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-ink">{licence.label}</span>
            <span className="text-ink-muted">{licence.description}</span>
            <a href={licence.link} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              Read the licence
            </a>
          </span>
        </label>
      ))}
      {errors.licenceType ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.licenceType}
        </p>
      ) : null}
    </fieldset>
  );
}
