"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { ExternalLinkIcon } from "@/components/ui/icons";

/** 'Open External Link': confirms before a member's website opens in a new tab. */
export function ExternalLinkDialog({
  url,
  open,
  onOpenChange,
}: {
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Open External Link"
        description="You are about to leave CNC Projects for a site we do not control."
        size="sm"
      >
        <p className="rounded-lg bg-surface-muted px-3 py-2 font-mono text-sm break-all text-ink">{url}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            onClick={() => {
              window.open(url, "_blank", "noopener,noreferrer");
              onOpenChange(false);
            }}
          >
            <ExternalLinkIcon />
            Open Link
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
