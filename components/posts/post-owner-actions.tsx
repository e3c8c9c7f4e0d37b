"use client";

import Link from "next/link";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EditIcon, TrashIcon } from "@/components/ui/icons";
import { editProjectHref } from "@/lib/validation/wizard-steps";
import { DeletePostDialog } from "./delete-post-dialog";
import { OWNER_ACTIONS_TRIGGER_CLASSES, OwnerActionsFace } from "./owner-actions-face";

/** The card's 'Actions' menu (edit, delete) and its delete confirmation, for the post's owner only. */
export function PostOwnerActions({
  postId,
  draftStep,
  onDeleted,
  defaultOpen = false,
}: {
  postId: string;
  /** A draft's step to resume at; absent for other posts (they open on step 1). */
  draftStep?: number | null;
  onDeleted: () => void;
  defaultOpen?: boolean;
}) {
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger className={OWNER_ACTIONS_TRIGGER_CLASSES}>
          <OwnerActionsFace />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link href={editProjectHref(postId, draftStep)}>
              <EditIcon className="size-4" /> Edit Project
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem tone="danger" onSelect={() => setDeleteOpen(true)}>
            <TrashIcon className="size-4" /> Delete Project
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeletePostDialog
        postId={postId}
        open={isDeleteOpen}
        onOpenChange={setDeleteOpen}
        onDeleted={onDeleted}
      />
    </>
  );
}
