"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { useSession } from "@/components/auth/session-provider";
import { FolderIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";

// Loaded at the first click: a grid of cards carries only the button.
const AddToCollectionDialog = dynamic(() =>
  import("./add-to-collection-dialog").then((module) => module.AddToCollectionDialog),
);

/** "Add to collection" on cards and the project page; a visitor is asked to sign in first. */
export function AddToCollectionButton({
  postId,
  isCompact = false,
  className,
}: {
  postId: string;
  /** An icon only (cards); the label stays for screen readers. */
  isCompact?: boolean;
  className?: string;
}) {
  const { user } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);

  function onClick() {
    if (!user) {
      openAuthDialog("login");
      return;
    }
    setHasOpened(true);
    setIsOpen(true);
  }

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-label="Add to collection"
        title="Add to collection"
        className={cn(
          "inline-flex items-center gap-1 rounded-lg border border-line text-ink transition-colors hover:bg-surface-muted",
          isCompact ? "size-8 justify-center" : "h-10 px-3 text-sm font-medium",
          className,
        )}
      >
        <FolderIcon className={isCompact ? "size-4" : "size-[1.125rem]"} />
        {isCompact ? null : <span>Add to collection</span>}
      </button>
      {user && hasOpened ? (
        <AddToCollectionDialog
          postId={postId}
          username={user.username}
          open={isOpen}
          onOpenChange={setIsOpen}
        />
      ) : null}
    </>
  );
}
