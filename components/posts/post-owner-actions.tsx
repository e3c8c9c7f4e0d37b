"use client";

import Link from "next/link";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ChevronDownIcon, EditIcon, TrashIcon } from "@/components/ui/icons";
import { DeletePostDialog } from "./delete-post-dialog";

/** The card's 'Actions' menu (edit, delete) and its delete confirmation, for the post's owner only. */
export function PostOwnerActions({ postId, onDeleted }: { postId: string; onDeleted: () => void }) {
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className="inline-flex h-8 items-center gap-1 rounded-lg border border-line px-2 text-xs font-medium text-ink hover:bg-surface-muted">
          Actions <ChevronDownIcon className="size-3.5" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link href={`/project/edit/${postId}?page=1&edit=true`}>
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
