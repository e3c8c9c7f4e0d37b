"use client";

import Image from "next/image";
import { ExternalLinkIcon } from "@/components/ui/icons";
import { GroupError, StepTitle } from "@/components/wizard/fields";
import type { StepProps } from "@/components/wizard/wizard-types";
import { LICENCE_TYPES } from "@/lib/catalogue/enums";

/** Step 7 License Details: the seven licences, each with its description and a link to its text. */
export function LicenceStep({ data, setData, errors }: StepProps) {
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={errors.licenceType ? "licenceType-error" : undefined}
    >
      <legend className="mb-4">
        <StepTitle title="License Details" description="How others may use what you share." />
      </legend>
      {LICENCE_TYPES.map((licence) => (
        <div
          key={licence.value}
          className="flex gap-3 rounded-lg border border-line bg-surface p-4 has-checked:border-brand-600 has-checked:bg-brand-50"
        >
          <input
            id={`licence-${licence.value}`}
            type="radio"
            name="licence"
            value={licence.value}
            checked={data.licenceType === licence.value}
            onChange={() => setData({ licenceType: licence.value })}
            aria-describedby={`licence-${licence.value}-text`}
            className="mt-1 size-4 shrink-0 accent-brand-600"
          />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <label
              htmlFor={`licence-${licence.value}`}
              className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 font-medium text-ink"
            >
              <Image src={licence.logo} alt="" width={88} height={31} className="h-6 w-auto" />
              {licence.label}
            </label>
            <p id={`licence-${licence.value}-text`} className="text-ink-muted">
              {licence.description}
            </p>
            <a
              href={licence.link}
              target="_blank"
              rel="noreferrer"
              className="inline-flex w-fit items-center gap-1 text-brand-700 underline"
            >
              Read the licence<span className="sr-only"> {licence.label} (opens a new tab)</span>
              <ExternalLinkIcon className="size-3.5" />
            </a>
          </div>
        </div>
      ))}
      <GroupError id="licenceType-error">{errors.licenceType}</GroupError>
    </fieldset>
  );
}
