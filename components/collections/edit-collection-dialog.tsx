"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { errorText } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { EditIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useCheckedSubmit } from "@/components/ui/use-checked-submit";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import type { Collection } from "@/lib/validation/collections";

type Fields = Pick<Collection, "name" | "description" | "visibility">;

/** The owner's "Edit collection": name, description and visibility, checked by the same schema as the API. */
export function EditCollectionDialog({ collectionId, initial }: { collectionId: string; initial: Fields }) {
  const router = useRouter();
  const [isOpen, setIsOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(initial);
  const { problem, isSubmitting, submit } = useCheckedSubmit({
    schema: async () => (await import("@/lib/validation/collections")).updateCollectionSchema,
    invalidText: "Invalid collection",
    describeError: errorText,
    send: async (body) => {
      const { updateCollectionEndpoint } = await import("@/lib/validation/collections");
      await callEndpoint(updateCollectionEndpoint, { params: { id: collectionId }, body });
      toast.success("Collection saved");
      setIsOpen(false);
      router.refresh();
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(fields);
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <EditIcon /> Edit collection
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit collection">
        <form onSubmit={onSubmit} className="space-y-3">
          <label className="block space-y-1 text-sm font-medium text-ink">
            <span>Name</span>
            <Input
              value={fields.name}
              maxLength={60}
              onChange={(event) => setFields({ ...fields, name: event.target.value })}
            />
          </label>
          <label className="block space-y-1 text-sm font-medium text-ink">
            <span>Description</span>
            <Textarea
              value={fields.description}
              maxLength={500}
              rows={3}
              onChange={(event) => setFields({ ...fields, description: event.target.value })}
            />
          </label>
          <label className="block space-y-1 text-sm font-medium text-ink">
            <span>Visibility</span>
            <select
              value={fields.visibility}
              onChange={(event) =>
                setFields({ ...fields, visibility: event.target.value as Fields["visibility"] })
              }
              className="h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink"
            >
              <option value="public">Public</option>
              <option value="private">Private (only you)</option>
            </select>
          </label>
          {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
          <DialogFormFooter isSubmitting={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
