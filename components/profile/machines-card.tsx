"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { errorText } from "@/components/auth/form-field";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ExternalLinkIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { removeMachine } from "@/lib/api-client/auth";
import { cn } from "@/lib/utils/cn";
import type { OwnedMachine } from "@/lib/validation/session";
import { AddMachineDialog } from "./add-machine-dialog";

/** The spec's ten colour themes, cycled over the machine chips. */
const THEMES = [
  "border-teal-200 bg-teal-50",
  "border-blue-200 bg-blue-50",
  "border-purple-200 bg-purple-50",
  "border-orange-200 bg-orange-50",
  "border-green-200 bg-green-50",
  "border-pink-200 bg-pink-50",
  "border-amber-200 bg-amber-50",
  "border-indigo-200 bg-indigo-50",
  "border-red-200 bg-red-50",
  "border-cyan-200 bg-cyan-50",
] as const;

export const ADD_MACHINE_PARAM = "addMachine";

/** 'CNC Machines': the owned machines; the owner adds and deletes them here. */
export function MachinesCard({
  machines,
  isOwner,
  username,
  shouldOpenAddDialog,
}: {
  machines: OwnedMachine[];
  isOwner: boolean;
  username: string;
  /** Set by ?addMachine=true (where "Upload Make" sends users without machines). */
  shouldOpenAddDialog: boolean;
}) {
  const router = useRouter();
  const session = useSession();
  const [isAdding, setIsAdding] = useState(isOwner && shouldOpenAddDialog);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  // ?addMachine=true opens the dialog once, then leaves the address.
  useEffect(() => {
    if (!shouldOpenAddDialog) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(ADD_MACHINE_PARAM);
    // One write of the address: the profile's default view goes in with it (profile-tabs.tsx).
    if (!url.searchParams.has("view")) url.searchParams.set("view", "userPosts");
    router.replace(url.pathname + url.search, { scroll: false });
  }, [shouldOpenAddDialog, router]);

  async function onDelete(machine: OwnedMachine) {
    setDeletingId(machine._id);
    try {
      await removeMachine(machine._id);
      toast.success("Machine deleted successfully");
      router.refresh();
      void session.refresh();
    } catch (error) {
      toast.error("Failed to delete machine", { description: errorText(error) });
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <Card className="flex max-h-[600px] flex-col">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle as="h2">CNC Machines</CardTitle>
        {isOwner ? (
          <Button variant="secondary" size="sm" onClick={() => setIsAdding(true)}>
            <PlusIcon />
            Add Machine
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="min-h-0">
        {machines.length === 0 ? (
          <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm">
            {isOwner ? (
              <>
                <p className="font-medium text-ink">You haven&apos;t added any CNC machines yet.</p>
                <p className="text-ink-muted">Click Add Machine to get started.</p>
              </>
            ) : (
              <p className="text-ink-muted">@{username} hasn&apos;t added any CNC machines yet.</p>
            )}
          </div>
        ) : (
          <ul className="flex max-h-[350px] flex-col gap-2 overflow-y-auto pr-1" aria-label="Owned machines">
            {machines.map((machine, index) => (
              <li
                key={machine._id}
                className={cn(
                  "flex items-center gap-3 rounded-lg border px-3 py-2.5",
                  THEMES[index % THEMES.length],
                )}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{machine.cncModel.name}</p>
                  <p className="text-sm text-ink-muted">{machine.name}</p>
                  <p className="text-xs font-medium tracking-wide text-ink-subtle uppercase">
                    {machine.cncBrand.name}
                  </p>
                </div>
                {(machine.link ?? machine.cncModel.link) ? (
                  <a
                    href={machine.link ?? machine.cncModel.link ?? undefined}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${machine.cncModel.name} ${machine.name} on the maker's site (opens in a new tab)`}
                    className="inline-flex size-8 items-center justify-center rounded-lg text-ink-muted hover:bg-ink/5 hover:text-ink"
                  >
                    <ExternalLinkIcon className="size-4" />
                  </a>
                ) : null}
                {isOwner ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete ${machine.cncModel.name} ${machine.name}`}
                    isLoading={deletingId === machine._id}
                    onClick={() => void onDelete(machine)}
                    className="text-red-700 hover:bg-red-100"
                  >
                    {deletingId === machine._id ? null : <TrashIcon />}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {isOwner ? (
        <AddMachineDialog
          ownedVariantIds={machines.map((machine) => machine._id)}
          open={isAdding}
          onOpenChange={setIsAdding}
        />
      ) : null}
    </Card>
  );
}

export function MachinesCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardHeader>
        <Skeleton className="h-5 w-28" />
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </CardContent>
    </Card>
  );
}
