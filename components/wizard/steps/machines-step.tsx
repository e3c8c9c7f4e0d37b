"use client";

import { useState } from "react";
import { EMPTY_SELECTION, MachinePicker } from "@/components/profile/machine-picker";
import type { MachineSelection } from "@/lib/api-client/auth";
import type { PostMachine } from "@/lib/validation/posts";
import { StepTitle } from "../fields";
import type { StepProps } from "../wizard-types";

const describe = (machine: PostMachine) => `${machine.brandName} ${machine.modelName} ${machine.name}`;

/** Step 2: the machine the job was made on (exactly one variant) and the ones it also suits. */
export function MachinesStep({ data, setData, errors, post }: StepProps) {
  const [original, setOriginal] = useState<MachineSelection>(EMPTY_SELECTION);
  const [supported, setSupported] = useState<MachineSelection>(EMPTY_SELECTION);
  const savedOriginal =
    post?.originalMachine && post.originalMachine._id === data.originalMachine ? post.originalMachine : null;
  const savedSupported = (post?.supportedMachines ?? []).filter((machine) =>
    data.supportedMachines.includes(machine._id),
  );

  return (
    <div className="flex flex-col gap-8">
      <StepTitle title="Supported Machines" description="The machine you cut this on, and others it fits." />
      <section className="flex flex-col gap-3" aria-labelledby="original-heading">
        <h3 id="original-heading" className="font-medium text-ink">
          Original machine <span className="text-red-700">*</span>
        </h3>
        {savedOriginal ? (
          <p className="text-sm text-ink-muted">Currently: {describe(savedOriginal)}</p>
        ) : null}
        <MachinePicker
          value={original}
          onChange={(next) => {
            // Exactly one variant: the last one picked wins.
            const variant = next.cncVariant.at(-1);
            setOriginal({ ...next, cncVariant: variant ? [variant] : [] });
            setData({ originalMachine: variant ?? (savedOriginal ? savedOriginal._id : "") });
          }}
        />
        {errors.originalMachine ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.originalMachine}
          </p>
        ) : null}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="supported-heading">
        <h3 id="supported-heading" className="font-medium text-ink">
          Supported machines
        </h3>
        {savedSupported.length > 0 ? (
          <p className="text-sm text-ink-muted">Currently: {savedSupported.map(describe).join(", ")}</p>
        ) : null}
        <MachinePicker
          value={supported}
          onChange={(next) => {
            setSupported(next);
            setData({
              supportedMachines: [...new Set([...savedSupported.map((m) => m._id), ...next.cncVariant])],
            });
          }}
        />
      </section>
    </div>
  );
}
