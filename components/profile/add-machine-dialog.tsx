"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { errorText } from "@/components/auth/form-field";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { addMachines, type MachineSelection } from "@/lib/api-client/auth";
import {
  EMPTY_SELECTION,
  MachinePicker,
  type MachinePickerErrors,
  machineSelectionErrors,
} from "./machine-picker";

/** 'Add New CNC Machine': variants the user already owns are shown disabled. */
export function AddMachineDialog({
  ownedVariantIds,
  open,
  onOpenChange,
}: {
  ownedVariantIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const session = useSession();
  const [selection, setSelection] = useState<MachineSelection>(EMPTY_SELECTION);
  const [errors, setErrors] = useState<MachinePickerErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  function onClose(isOpen: boolean) {
    if (!isOpen) {
      setSelection(EMPTY_SELECTION);
      setErrors({});
    }
    onOpenChange(isOpen);
  }

  async function onSubmit() {
    const problems = machineSelectionErrors(selection);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setIsSubmitting(true);
    try {
      await addMachines(selection.cncVariant);
      toast.success("Machine(s) added successfully");
      onClose(false);
      router.refresh();
      void session.refresh();
    } catch (error) {
      toast.error("Failed to add machine(s)", { description: errorText(error) });
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onClose}>
      <DialogContent
        title="Add New CNC Machine"
        description="Pick the brand, model and variants you own."
        size="lg"
      >
        {open ? (
          <MachinePicker
            value={selection}
            onChange={setSelection}
            errors={errors}
            disabledVariantIds={ownedVariantIds}
          />
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button isLoading={isSubmitting} onClick={() => void onSubmit()}>
            Add Machine
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
