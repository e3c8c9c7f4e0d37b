"use client";

import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/input";
import { useCheckedSubmit } from "@/components/ui/use-checked-submit";
import { FieldError, FieldHint, Label } from "@/components/ui/label";
import { REJECTION_REASON_MAX, rejectPostBodySchema } from "@/lib/validation/review";

/** 'Reject' asks for the reason the author will read (3 to 1000 characters, the API's own schema). */
export function RejectPostDialog({
  projectTitle,
  open,
  onOpenChange,
  onReject,
}: {
  projectTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves once the rejection is recorded; a thrown error keeps the dialog open with its message. */
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const {
    problem: error,
    isSubmitting: isSending,
    submit,
  } = useCheckedSubmit({
    schema: () => rejectPostBodySchema,
    invalidText: "Please give a reason for the rejection.",
    describeError: (caught) => (caught instanceof Error ? caught.message : "Something went wrong"),
    send: async (body) => {
      await onReject(body.reason);
      setReason("");
      onOpenChange(false);
    },
  });
  const fieldId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ reason });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (isSending ? undefined : onOpenChange(next))}>
      <DialogContent
        title="Reject project"
        description={`"${projectTitle}" goes back to its author's drafts. They receive your reason by e-mail and see it while editing.`}
        size="md"
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <Label htmlFor={fieldId} required>
            Reason
          </Label>
          <Textarea
            id={fieldId}
            value={reason}
            rows={5}
            maxLength={REJECTION_REASON_MAX + 100}
            invalid={error !== null}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ""}`}
            onChange={(event) => setReason(event.target.value)}
            placeholder="What should the author change before the project can be published?"
          />
          <FieldHint id={`${fieldId}-hint`}>
            {reason.trim().length} / {REJECTION_REASON_MAX} characters
          </FieldHint>
          {error ? <FieldError id={`${fieldId}-error`}>{error}</FieldError> : null}
          <DialogFooter>
            <Button
              type="button"
              variant="secondary"
              onClick={() => onOpenChange(false)}
              disabled={isSending}
            >
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={isSending}>
              {isSending ? "Rejecting..." : "Reject project"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
