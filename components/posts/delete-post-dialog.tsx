"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { deletePostEndpoint } from "@/lib/validation/posts";
import { announcePostDeleted } from "./post-events";

/** 'Confirm Deletion' of a project; the dialog closes afterwards whether or not it succeeded (spec §4). */
export function DeletePostDialog({
  postId,
  open,
  onOpenChange,
  onDeleted,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const [isDeleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await callEndpoint(deletePostEndpoint, { params: { id: postId } });
      toast.success("Project deleted");
      onDeleted();
      announcePostDeleted(postId);
    } catch {
      toast.error("Failed to delete the project. Please try again.");
    } finally {
      setDeleting(false);
      onOpenChange(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (isDeleting ? undefined : onOpenChange(next))}>
      <DialogContent
        title="Confirm Deletion"
        description="Are you sure you want to delete this project? This action cannot be undone."
        size="sm"
      >
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isDeleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={isDeleting}>
            {isDeleting ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
