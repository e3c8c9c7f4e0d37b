"use client";

import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { EMPTY_SELECTION } from "@/components/profile/machine-picker";
import type { MachineSelection } from "@/lib/api-client/auth";
import { getModels, getVariants } from "@/lib/api-client/catalogue";

/** Brand, model and variant ids behind saved variant ids, so the pickers open where they were left. */
async function selectionOf(variantIds: readonly string[]): Promise<MachineSelection> {
  const [{ variants }, { models }] = await Promise.all([getVariants({ variantIds }), getModels([])]);
  const modelIds = [...new Set(variants.map((variant) => variant.cncModel))];
  const brandIds = [
    ...new Set(
      modelIds
        .map((modelId) => models.find((model) => model._id === modelId)?.cncBrand._id)
        .filter((id): id is string => id !== undefined),
    ),
  ];
  return { cncBrand: brandIds, cncModel: modelIds, cncVariant: variants.map((variant) => variant._id) };
}

/**
 * A machine picker's selection, first loaded from the saved variant ids; a failed load says so
 * with the spec's message and leaves the picker empty.
 */
export function useMachineSelection(savedIds: readonly string[], failureMessage: string) {
  const [selection, setSelection] = useState<MachineSelection>(EMPTY_SELECTION);
  const [isLoading, setLoading] = useState(savedIds.length > 0);
  // Loaded once, for the ids the step opened with.
  const [initialIds] = useState(() => [...savedIds]);

  useEffect(() => {
    if (initialIds.length === 0) return;
    let isCurrent = true;
    selectionOf(initialIds)
      .then((loaded) => isCurrent && setSelection(loaded))
      .catch(() => isCurrent && toast.error(failureMessage))
      .finally(() => isCurrent && setLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [initialIds, failureMessage]);

  return { selection, setSelection, isLoading };
}
