"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorText } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import { TrashIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { callEndpoint } from "@/lib/api-client/call-endpoint";

/** The owner's "Delete collection": the projects stay; back to the profile's Collections tab after. */
export function DeleteCollectionButton({
  collectionId,
  username,
  className,
}: {
  collectionId: string;
  username: string;
  className?: string;
}) {
  const router = useRouter();
  const [isDeleting, setIsDeleting] = useState(false);

  async function onDelete() {
    setIsDeleting(true);
    try {
      const { deleteCollectionEndpoint } = await import("@/lib/validation/collections");
      await callEndpoint(deleteCollectionEndpoint, { params: { id: collectionId } });
      toast.success("Collection deleted");
      router.push(`/${username}?view=collections`);
    } catch (error) {
      toast.error("Could not delete the collection", { description: errorText(error) });
      setIsDeleting(false);
    }
  }

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className={className}>
          <TrashIcon /> Delete collection
        </Button>
      </DialogTrigger>
      <DialogContent title="Delete this collection?" description="The projects in it are not deleted.">
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" isLoading={isDeleting} onClick={() => void onDelete()}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
