"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TrashIcon } from "@/components/ui/icons";
import { TOOL_FAMILIES, TOOL_TYPES, TOOL_UNITS } from "@/lib/catalogue/enums";
import { addToolEntry, AUTHORING_MESSAGES, toolEntrySchema } from "@/lib/validation/post-authoring";
import { asOptions, Field, Select, StepTitle } from "../fields";
import type { StepErrors, StepProps } from "../wizard-types";

// three.js loads only when this step shows a model.
const GcodeViewer = dynamic(
  () => import("@/components/gcode-viewer/gcode-viewer").then((module) => module.GcodeViewer),
  {
    ssr: false,
    loading: () => <div className="h-72 animate-pulse rounded-xl bg-surface-muted" />,
  },
);

/** Step 4: a tool for every model (spec "Laser tools": one laser entry per model). */
export function ToolsStep({ data, setData, errors, post, onUpload }: StepProps & { onUpload: () => void }) {
  const models = (post?.attachments ?? []).filter((file) => file.category === "postModel");
  const [modelId, setModelId] = useState(models[0]?._id ?? "");
  const [family, setFamily] = useState<string>("Endmill");
  const [unit, setUnit] = useState<string>("inches");
  const [size, setSize] = useState("0.25");
  const [bit, setBit] = useState<string>(TOOL_TYPES[0]);
  const [entryErrors, setEntryErrors] = useState<StepErrors>({});

  if (models.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface p-8 text-center">
        <h2 className="text-lg font-semibold text-ink">No Models Available to Map Tools</h2>
        <div className="flex gap-3">
          <Button type="button" onClick={onUpload}>
            Upload Models
          </Button>
          <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </div>
      </div>
    );
  }
  const model = models.find((file) => file._id === modelId) ?? models[0]!;
  const rows = data.toolData.filter((tool) => tool.modelId === model._id);

  function addTool() {
    const entry =
      family === "Laser"
        ? { modelId: model._id, laserOrEndmill: family }
        : { modelId: model._id, laserOrEndmill: family, toolUnit: unit, toolUsed: size, toolType: bit };
    const parsed = toolEntrySchema.safeParse(entry);
    if (!parsed.success) {
      setEntryErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setEntryErrors({});
    if (family === "Laser" && rows.length > 0) toast.warning(AUTHORING_MESSAGES.oneLaserTool);
    setData({ toolData: addToolEntry(data.toolData, { ...parsed.data }) });
  }

  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Model Tool Mapping" description="Which tool cuts each model." />
      {model.url ? <GcodeViewer key={model._id} url={model.url} fileName={model.fileName} /> : null}
      <Field id="tool-model" label="Model">
        <Select
          id="tool-model"
          value={model._id}
          onChange={(event) => setModelId(event.target.value)}
          options={models.map((m) => ({ value: m._id, label: m.fileName }))}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">Laser or Endmill</legend>
        <div className="flex gap-4">
          {TOOL_FAMILIES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="family"
                value={value}
                checked={family === value}
                onChange={() => setFamily(value)}
              />
              {value}
            </label>
          ))}
        </div>
      </fieldset>
      {family === "Endmill" ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="tool-unit" label="Tool units" error={entryErrors.toolUnit}>
            <Select
              id="tool-unit"
              value={unit}
              onChange={(event) => setUnit(event.target.value)}
              options={asOptions(TOOL_UNITS)}
            />
          </Field>
          <Field id="tool-size" label="Tool used (size)" error={entryErrors.toolUsed}>
            <Input
              id="tool-size"
              type="number"
              step="0.01"
              value={size}
              invalid={!!entryErrors.toolUsed}
              onChange={(event) => setSize(event.target.value)}
            />
          </Field>
          <Field id="tool-bit" label="Tool bit type" error={entryErrors.toolType}>
            <Select
              id="tool-bit"
              value={bit}
              onChange={(event) => setBit(event.target.value)}
              options={asOptions(TOOL_TYPES)}
            />
          </Field>
        </div>
      ) : null}
      <div>
        <Button type="button" variant="secondary" onClick={addTool}>
          Add Tool
        </Button>
      </div>
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Tools of {model.fileName}</caption>
          <thead className="bg-surface-muted text-ink-muted">
            <tr>
              <th className="px-3 py-2">#</th>
              <th className="px-3 py-2">Size</th>
              <th className="px-3 py-2">Tool Type</th>
              <th className="px-3 py-2">Tool Bit Type</th>
              <th className="px-3 py-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-3 text-ink-subtle">
                  No tools for this model yet.
                </td>
              </tr>
            ) : (
              rows.map((tool, index) => (
                <tr key={`${tool.modelId}-${index}`} className="border-t border-line">
                  <td className="px-3 py-2">{index + 1}</td>
                  <td className="px-3 py-2">
                    {tool.toolUsed ? `${tool.toolUsed} ${tool.toolUnit ?? ""}` : "-"}
                  </td>
                  <td className="px-3 py-2">{tool.laserOrEndmill}</td>
                  <td className="px-3 py-2">{tool.toolType ?? "-"}</td>
                  <td className="px-3 py-2">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Delete tool ${index + 1}`}
                      onClick={() => setData({ toolData: data.toolData.filter((entry) => entry !== tool) })}
                    >
                      <TrashIcon />
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {errors.toolData ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.toolData}
        </p>
      ) : null}
    </div>
  );
}
