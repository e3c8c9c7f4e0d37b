"use client";

import { useEffect, useState } from "react";
import { useSession } from "@/components/auth/session-provider";
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
  const { user } = useSession();
  // A project without an original machine starts on the machine the author owns (the first one).
  const [ownedChoice] = useState(() => (data.originalMachine ? null : (user?.ownedMachines[0] ?? null)));
  useEffect(() => {
    if (ownedChoice && !data.originalMachine) setData({ originalMachine: ownedChoice._id });
    // Once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const original = useMachineSelection(
    data.originalMachine ? [data.originalMachine] : ownedChoice ? [ownedChoice._id] : [],
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
        {ownedChoice && data.originalMachine === ownedChoice._id ? (
          <p className="text-sm text-ink" data-testid="owned-machine-note">
            Your machine: {ownedChoice.cncBrand.name} {ownedChoice.cncModel.name}, {ownedChoice.name}. Change
            it below if you cut this on another.
          </p>
        ) : null}
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
            selectVariantsOfNewModel
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
