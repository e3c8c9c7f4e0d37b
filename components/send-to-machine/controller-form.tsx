"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError, FieldHint, Label } from "@/components/ui/label";
import {
  type Controller,
  type ControllerInput,
  CONTROLLER_KIND_LABELS,
  CONTROLLER_KINDS,
  type ControllerKind,
  validateControllerInput,
} from "@/lib/send-to-machine/controllers";
import type { OwnedMachine } from "@/lib/validation/session";

const SELECT_CLASSES = "h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm";

const ADDRESS_HINTS: Record<ControllerKind, string> = {
  gsender: "The computer running gSender with Remote Mode on, port 8000: e.g. 192.168.1.20:8000",
  buildbotics: "The controller's address: e.g. bbctrl.local or 192.168.1.30",
  onefinity: "The controller's address: e.g. onefinity.local or 192.168.1.40",
};

/** Add or edit one controller; what is saved stays in this browser. */
export function ControllerForm({
  initial,
  machines,
  onSave,
  onCancel,
}: {
  initial?: Controller;
  machines: OwnedMachine[];
  onSave: (input: ControllerInput) => void;
  onCancel: () => void;
}) {
  const ids = {
    name: useId(),
    kind: useId(),
    address: useId(),
    port: useId(),
    machine: useId(),
    hint: useId(),
  };
  const [input, setInput] = useState<ControllerInput>(
    initial ?? { name: "", kind: "onefinity", address: "", serialPort: "", machineId: "" },
  );
  const [issues, setIssues] = useState<Partial<Record<"name" | "address", string>>>({});
  const update = (patch: Partial<ControllerInput>) => setInput((current) => ({ ...current, ...patch }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const result = validateControllerInput(input);
    if (!result.ok) {
      setIssues(result.issues);
      return;
    }
    onSave(result.value);
  }

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3"
      noValidate
      aria-label={initial ? "Edit controller" : "Add controller"}
    >
      <div className="space-y-1">
        <Label htmlFor={ids.name} required>
          Name
        </Label>
        <Input
          id={ids.name}
          value={input.name}
          maxLength={80}
          required
          invalid={Boolean(issues.name)}
          onChange={(event) => update({ name: event.target.value })}
          placeholder="Garage Onefinity"
        />
        <FieldError>{issues.name}</FieldError>
      </div>
      <div className="space-y-1">
        <Label htmlFor={ids.kind}>Kind</Label>
        <select
          id={ids.kind}
          value={input.kind}
          onChange={(event) => update({ kind: event.target.value as ControllerKind })}
          className={SELECT_CLASSES}
        >
          {CONTROLLER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CONTROLLER_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={ids.address} required>
          Address
        </Label>
        <Input
          id={ids.address}
          value={input.address}
          required
          inputMode="url"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          invalid={Boolean(issues.address)}
          aria-describedby={ids.hint}
          onChange={(event) => update({ address: event.target.value })}
        />
        <FieldHint id={ids.hint}>{ADDRESS_HINTS[input.kind]}</FieldHint>
        <FieldError>{issues.address}</FieldError>
      </div>
      {input.kind === "gsender" ? (
        <div className="space-y-1">
          <Label htmlFor={ids.port}>Serial port</Label>
          <Input
            id={ids.port}
            value={input.serialPort ?? ""}
            onChange={(event) => update({ serialPort: event.target.value })}
            placeholder="COM3 or /dev/ttyUSB0"
          />
          <FieldHint>The port gSender is connected on, as gSender shows it.</FieldHint>
        </div>
      ) : null}
      {machines.length ? (
        <div className="space-y-1">
          <Label htmlFor={ids.machine}>Machine</Label>
          <select
            id={ids.machine}
            value={input.machineId ?? ""}
            onChange={(event) => update({ machineId: event.target.value })}
            className={SELECT_CLASSES}
          >
            <option value="">Not linked</option>
            {machines.map((machine) => (
              <option key={machine._id} value={machine._id}>
                {machine.cncBrand.name} {machine.cncModel.name} {machine.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{initial ? "Save controller" : "Add controller"}</Button>
      </div>
    </form>
  );
}
