"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { DialogClose, DialogFooter } from "./dialog";

/** The last row of a dialog's form: Cancel closes the dialog, the submit button shows the save in flight. */
export function DialogFormFooter({
  isSubmitting,
  submitLabel = "Save",
}: {
  isSubmitting: boolean;
  submitLabel?: ReactNode;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
