"use client";

import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { asOptions, describedBy, Field, Select } from "@/components/wizard/fields";
import { TOOL_FAMILIES, TOOL_FLUTES, TOOL_TYPES, TOOL_UNITS, type ToolUnit } from "@/lib/catalogue/enums";
import type { ToolForm as ToolFormState } from "./use-tool-form";

/** Laser or Endmill; for an endmill its unit, size and bit type; then Add Tool. */
export function ToolForm({ form, fileName }: { form: ToolFormState; fileName: string }) {
  const sizeHint = `${form.range.min} to ${form.range.max} ${form.unit}`;
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-line p-4">
      {form.fromFile ? (
        <p className="text-sm text-ink-muted" data-testid="tool-source">
          {form.source === "laser"
            ? `Laser: ${fileName} is a laser job.`
            : `From the tool comments in ${fileName}. Check them before you add the tool.`}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">Laser or Endmill</legend>
        <div className="flex gap-2">
          {TOOL_FAMILIES.map((value) => (
            <label
              key={value}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-line-strong px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600/40"
            >
              <input
                type="radio"
                name="tool-family"
                value={value}
                checked={form.family === value}
                onChange={() => form.setFamily(value)}
                className="accent-brand-600"
              />
              {value}
            </label>
          ))}
        </div>
      </fieldset>
      {form.family === "Endmill" ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field id="tool-unit" label="Tool units" error={form.errors.toolUnit}>
            <Select
              id="tool-unit"
              value={form.unit}
              onChange={(event) => form.setUnit(event.target.value as ToolUnit)}
              options={asOptions(TOOL_UNITS)}
            />
          </Field>
          <Field id="tool-size" label="Tool used (size)" error={form.errors.toolUsed} hint={sizeHint}>
            <Input
              id="tool-size"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={form.range.min}
              max={form.range.max}
              value={form.size}
              invalid={!!form.errors.toolUsed}
              aria-describedby={describedBy("tool-size", { hint: true, error: form.errors.toolUsed })}
              onChange={(event) => form.setSize(event.target.value)}
            />
          </Field>
          <Field id="tool-bit" label="Tool bit type" error={form.errors.toolType}>
            <Select
              id="tool-bit"
              value={form.bit}
              onChange={(event) => form.setBit(event.target.value)}
              options={asOptions(TOOL_TYPES)}
            />
          </Field>
          <Field
            id="tool-flutes"
            label="Flutes"
            error={form.errors.flutes}
            hint="Cutting edges, for the feeds check"
          >
            <Input
              id="tool-flutes"
              type="number"
              inputMode="numeric"
              step="1"
              min={TOOL_FLUTES.min}
              max={TOOL_FLUTES.max}
              value={form.flutes}
              invalid={!!form.errors.flutes}
              aria-describedby={describedBy("tool-flutes", { hint: true, error: form.errors.flutes })}
              onChange={(event) => form.setFlutes(event.target.value)}
            />
          </Field>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">A laser model takes one tool entry and nothing more.</p>
      )}
      <div>
        <Button type="button" variant="secondary" onClick={form.add}>
          <PlusIcon />
          Add Tool
        </Button>
      </div>
    </div>
  );
}
