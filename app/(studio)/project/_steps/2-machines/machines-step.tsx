"use client";

import { MachinePicker } from "@/components/profile/machine-picker";
import { Skeleton } from "@/components/ui/skeleton";
import { GroupError, StepTitle } from "@/components/wizard/fields";
import type { StepProps } from "@/components/wizard/wizard-types";
import type { PostMachine } from "@/lib/validation/posts";
import { useMachineSelection } from "./use-machine-selection";

const describe = (machine: PostMachine) => `${machine.brandName} ${machine.modelName}, ${machine.name}`;

function PickerSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the machines">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-10 w-3/4" />
    </div>
  );
}

/** Step 2 Supported Machines: the machine the job was made on (exactly one variant) and others it suits. */
export function MachinesStep({ data, setData, errors, post }: StepProps) {
  const original = useMachineSelection(
    data.originalMachine ? [data.originalMachine] : [],
    "Error fetching original machine data",
  );
  const supported = useMachineSelection(data.supportedMachines, "Error fetching supported machines data");
  const savedOriginal = post?.originalMachine?._id === data.originalMachine ? post.originalMachine : null;

  return (
    <div className="flex flex-col gap-8">
      <StepTitle title="Supported Machines" description="The machine you cut this on, and others it fits." />
      <section className="flex flex-col gap-3" aria-labelledby="original-heading">
        <h3 id="original-heading" className="font-semibold text-ink">
          Original machine{" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </h3>
        <p className="text-sm text-ink-muted">Exactly one variant: the last one you tick is kept.</p>
        {savedOriginal ? <p className="text-sm text-ink">Saved: {describe(savedOriginal)}</p> : null}
        {original.isLoading ? (
          <PickerSkeleton />
        ) : (
          <MachinePicker
            value={original.selection}
            onChange={(next) => {
              const variant = next.cncVariant.at(-1);
              original.setSelection({ ...next, cncVariant: variant ? [variant] : [] });
              setData({ originalMachine: variant ?? "" });
            }}
          />
        )}
        <GroupError id="originalMachine-error">{errors.originalMachine}</GroupError>
      </section>
      <section className="flex flex-col gap-3 border-t border-line pt-6" aria-labelledby="supported-heading">
        <h3 id="supported-heading" className="font-semibold text-ink">
          Supported machines
        </h3>
        <p className="text-sm text-ink-muted">
          Optional: other machines that can run these files.{" "}
          {data.supportedMachines.length > 0 ? `${data.supportedMachines.length} chosen.` : null}
        </p>
        {supported.isLoading ? (
          <PickerSkeleton />
        ) : (
          <MachinePicker
            isRequired={false}
            value={supported.selection}
            onChange={(next) => {
              supported.setSelection(next);
              setData({ supportedMachines: [...next.cncVariant] });
            }}
          />
        )}
      </section>
    </div>
  );
}
