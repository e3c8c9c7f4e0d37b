"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import type { StepErrors } from "@/components/wizard/wizard-types";
import { TOOL_FLUTES, TOOL_SIZE_RANGE, TOOL_TYPES, type ToolUnit } from "@/lib/catalogue/enums";
import type { ToolSuggestion } from "@/lib/gcode/job-setup-suggestions";
import {
  addToolEntry,
  AUTHORING_MESSAGES,
  type PostEditorData,
  toolEntrySchema,
} from "@/lib/validation/post-authoring";

type ToolRow = PostEditorData["toolData"][number];

/** Spec §9: a new endmill is 0.25 inch, upcut. */
const DEFAULT_SIZE = "0.25";

type FormValues = { family: ToolSuggestion["family"]; unit: ToolUnit; size: string; bit: string; flutes: string };

/**
 * The Add Tool form of step 4: family, unit, size, bit type, flutes (two unless changed); checked with the shared tool rule.
 * A model opens with what its file says (a laser job proposes Laser; an endmill the size, unit and
 * type of its tool comments), else the spec's 0.25 inch upcut endmill.
 */
export function useToolForm(
  modelId: string,
  suggestion: ToolSuggestion,
  tools: PostEditorData["toolData"],
  onTools: (tools: PostEditorData["toolData"]) => void,
) {
  const [edited, setEdited] = useState<(FormValues & { modelId: string }) | null>(null);
  const [errors, setErrors] = useState<StepErrors>({});
  const values: FormValues =
    edited?.modelId === modelId
      ? edited
      : {
          family: suggestion.family,
          unit: suggestion.unit ?? "inches",
          size: suggestion.size === undefined ? DEFAULT_SIZE : String(suggestion.size),
          bit: suggestion.type ?? TOOL_TYPES[0],
          flutes: String(TOOL_FLUTES.default),
        };
  const { family, unit, size, bit, flutes } = values;
  const edit = (change: Partial<FormValues>) => setEdited({ ...values, ...change, modelId });

  function add() {
    const rows = tools.filter((tool) => tool.modelId === modelId);
    const entry =
      family === "Laser"
        ? { modelId, laserOrEndmill: family }
        : { modelId, laserOrEndmill: family, toolUnit: unit, toolUsed: size, toolType: bit, flutes };
    const parsed = toolEntrySchema.safeParse(entry);
    if (!parsed.success) {
      const messages: StepErrors = {};
      for (const issue of parsed.error.issues) messages[String(issue.path[0])] ??= issue.message;
      setErrors(messages);
      return;
    }
    setErrors({});
    if (family === "Laser" && rows.some((tool) => tool.laserOrEndmill === "Laser")) {
      toast.warning(AUTHORING_MESSAGES.oneLaserTool);
      return;
    }
    const { _id: _unused, ...row } = parsed.data;
    onTools(addToolEntry<ToolRow>(tools, row));
  }

  return {
    family,
    setFamily: (next: FormValues["family"]) => edit({ family: next }),
    unit,
    setUnit: (next: ToolUnit) => edit({ unit: next }),
    size,
    setSize: (next: string) => edit({ size: next }),
    bit,
    setBit: (next: string) => edit({ bit: next }),
    flutes,
    setFlutes: (next: string) => edit({ flutes: next }),
    /** True while the form shows the file's values untouched. */
    fromFile: edited?.modelId !== modelId && suggestion.source !== null,
    source: suggestion.source,
    range: TOOL_SIZE_RANGE[unit],
    errors,
    add,
  };
}

export type ToolForm = ReturnType<typeof useToolForm>;
