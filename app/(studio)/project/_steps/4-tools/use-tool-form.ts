"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import type { StepErrors } from "@/components/wizard/wizard-types";
import { TOOL_SIZE_RANGE, TOOL_TYPES, type ToolFamily, type ToolUnit } from "@/lib/catalogue/enums";
import {
  addToolEntry,
  AUTHORING_MESSAGES,
  type PostEditorData,
  toolEntrySchema,
} from "@/lib/validation/post-authoring";

type ToolRow = PostEditorData["toolData"][number];

/** Spec §9: a new endmill is 0.25 inch, upcut. */
const DEFAULT_SIZE = "0.25";

/** The Add Tool form of step 4: family, unit, size, bit type; checked with the shared tool rule. */
export function useToolForm(
  modelId: string,
  defaultFamily: ToolFamily,
  tools: PostEditorData["toolData"],
  onTools: (tools: PostEditorData["toolData"]) => void,
) {
  const [familyChoice, setFamily] = useState<{ modelId: string; family: ToolFamily } | null>(null);
  const [unit, setUnit] = useState<ToolUnit>("inches");
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [bit, setBit] = useState<string>(TOOL_TYPES[0]);
  const [errors, setErrors] = useState<StepErrors>({});
  // A model opens with the family its analysis found (a laser job proposes Laser).
  const family = familyChoice?.modelId === modelId ? familyChoice.family : defaultFamily;

  function add() {
    const rows = tools.filter((tool) => tool.modelId === modelId);
    const entry =
      family === "Laser"
        ? { modelId, laserOrEndmill: family }
        : { modelId, laserOrEndmill: family, toolUnit: unit, toolUsed: size, toolType: bit };
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
    setFamily: (next: ToolFamily) => setFamily({ modelId, family: next }),
    unit,
    setUnit: (next: ToolUnit) => setUnit(next),
    size,
    setSize,
    bit,
    setBit,
    range: TOOL_SIZE_RANGE[unit],
    errors,
    add,
  };
}

export type ToolForm = ReturnType<typeof useToolForm>;
