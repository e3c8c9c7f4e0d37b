"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EditIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { type Controller, CONTROLLER_KIND_LABELS } from "@/lib/send-to-machine/controllers";
import type { OwnedMachine } from "@/lib/validation/session";
import { ControllerForm } from "./controller-form";
import { useControllers } from "./use-controllers";

export function machineLabel(machines: OwnedMachine[], machineId: string | undefined): string | null {
  const machine = machines.find((candidate) => candidate._id === machineId);
  return machine ? `${machine.cncBrand.name} ${machine.cncModel.name} ${machine.name}` : null;
}

/** The controllers list with add, edit and remove; everything stays in this browser's storage. */
export function ControllersManager({ machines, onDone }: { machines: OwnedMachine[]; onDone: () => void }) {
  const { controllers, save, remove } = useControllers();
  const [editing, setEditing] = useState<Controller | "new" | null>(controllers.length ? null : "new");

  if (editing) {
    return (
      <ControllerForm
        initial={editing === "new" ? undefined : editing}
        machines={machines}
        onCancel={() => (controllers.length ? setEditing(null) : onDone())}
        onSave={(input) => {
          save(input, editing === "new" ? undefined : editing.id);
          setEditing(null);
        }}
      />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        Your controllers are kept in this browser only: their names and addresses never reach this site.
      </p>
      <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Your controllers">
        {controllers.map((controller) => (
          <li key={controller.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink">{controller.name}</p>
              <p className="truncate text-xs text-ink-muted">
                {CONTROLLER_KIND_LABELS[controller.kind]} · {controller.address}
                {machineLabel(machines, controller.machineId)
                  ? ` · ${machineLabel(machines, controller.machineId)}`
                  : ""}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Edit ${controller.name}`}
              onClick={() => setEditing(controller)}
            >
              <EditIcon />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${controller.name}`}
              onClick={() => remove(controller.id)}
            >
              <TrashIcon />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => setEditing("new")}>
          <PlusIcon />
          Add a controller
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
