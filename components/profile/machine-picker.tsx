"use client";

import { useEffect, useRef, useState } from "react";
import { FieldError } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import type { MachineSelection } from "@/lib/api-client/auth";
import { getBrands, getModels, getVariants } from "@/lib/api-client/catalogue";
import { cn } from "@/lib/utils/cn";
import { machinesSchema } from "@/lib/validation/auth";
import type { CncBrand, CncModel, CncVariant } from "@/lib/validation/catalogue";

export type MachinePickerErrors = Partial<Record<keyof MachineSelection, string>>;

export const EMPTY_SELECTION: MachineSelection = { cncBrand: [], cncModel: [], cncVariant: [] };

type Loaded<T> = { key: string; list: T[] };
const NOTHING_LOADED = { key: "", list: [] };

type Option = { id: string; label: string; hint?: string; isDisabled?: boolean };

function toggle(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
}

function CheckList({
  legend,
  name,
  options,
  selected,
  onToggle,
  error,
  isLoading,
  emptyText,
  isRequired = true,
}: {
  legend: string;
  name: string;
  options: Option[];
  selected: readonly string[];
  onToggle: (id: string) => void;
  error?: string;
  isLoading: boolean;
  emptyText: string;
  isRequired?: boolean;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">
        {legend}
        {isRequired ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </legend>
      {isLoading ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : options.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-2.5 text-sm text-ink-subtle">
          {emptyText}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {options.map((option) => {
            const isChecked = selected.includes(option.id);
            return (
              <label
                key={option.id}
                className={cn(
                  "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors",
                  isChecked
                    ? "border-brand-600 bg-brand-50 text-brand-900"
                    : "border-line-strong bg-surface hover:border-ink-subtle",
                  option.isDisabled && "cursor-not-allowed opacity-50 hover:border-line-strong",
                  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600/40",
                )}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={option.id}
                  checked={isChecked}
                  disabled={option.isDisabled}
                  onChange={() => onToggle(option.id)}
                  className="size-4 accent-brand-600"
                />
                <span>
                  {option.label}
                  {option.hint ? <span className="ml-1 text-xs text-ink-muted">{option.hint}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

/**
 * CNC brand, model and variant multi-selects: models load for the chosen brands, variants for
 * the chosen models; dropping a brand drops its models and their variants.
 */
export function MachinePicker({
  value,
  onChange,
  errors = {},
  disabledVariantIds = [],
  disabledVariantHint = "already added",
  isRequired = true,
  selectVariantsOfNewModel = false,
}: {
  value: MachineSelection;
  onChange: (next: MachineSelection) => void;
  errors?: MachinePickerErrors;
  disabledVariantIds?: readonly string[];
  disabledVariantHint?: string;
  /** False for an optional choice (no asterisks), e.g. the wizard's supported machines. */
  isRequired?: boolean;
  /** Ticking a model ticks all its variants (a list of machines, not one machine). */
  selectVariantsOfNewModel?: boolean;
}) {
  // The selection as last drawn, for answers that arrive after it changed.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const [brands, setBrands] = useState<CncBrand[] | null>(null);
  // Each list remembers which selection it was loaded for, so "loading" is derived, not stored.
  const [loadedModels, setLoadedModels] = useState<Loaded<CncModel>>(NOTHING_LOADED);
  const [loadedVariants, setLoadedVariants] = useState<Loaded<CncVariant>>(NOTHING_LOADED);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    getBrands()
      .then(({ brands: list }) => isCurrent && setBrands(list))
      .catch(() => isCurrent && (setBrands([]), setLoadError("Could not load the CNC catalogue.")));
    return () => {
      isCurrent = false;
    };
  }, []);

  const brandKey = value.cncBrand.join(",");
  useEffect(() => {
    if (brandKey === "") return;
    let isCurrent = true;
    getModels(brandKey.split(","))
      .then(({ models: list }) => isCurrent && setLoadedModels({ key: brandKey, list }))
      .catch(() => isCurrent && setLoadError("Could not load the CNC models."));
    return () => {
      isCurrent = false;
    };
  }, [brandKey]);

  const modelKey = value.cncModel.join(",");
  useEffect(() => {
    if (modelKey === "") return;
    let isCurrent = true;
    getVariants({ modelIds: modelKey.split(",") })
      .then(({ variants: list }) => isCurrent && setLoadedVariants({ key: modelKey, list }))
      .catch(() => isCurrent && setLoadError("Could not load the CNC variants."));
    return () => {
      isCurrent = false;
    };
  }, [modelKey]);

  const models = brandKey === "" ? [] : loadedModels.list;
  const variants = modelKey === "" ? [] : loadedVariants.list;
  const isLoadingModels = brandKey !== "" && loadedModels.key !== brandKey;
  const isLoadingVariants = modelKey !== "" && loadedVariants.key !== modelKey;

  function onToggleBrand(id: string) {
    const cncBrand = toggle(value.cncBrand, id);
    const keptModels = models
      .filter((model) => cncBrand.includes(model.cncBrand._id))
      .map((model) => model._id);
    const cncModel = value.cncModel.filter((modelId) => keptModels.includes(modelId));
    const cncVariant = value.cncVariant.filter((variantId) =>
      variants.some((variant) => variant._id === variantId && cncModel.includes(variant.cncModel)),
    );
    onChange({ cncBrand, cncModel, cncVariant });
  }

  function onToggleModel(id: string) {
    const cncModel = toggle(value.cncModel, id);
    const cncVariant = value.cncVariant.filter((variantId) =>
      variants.some((variant) => variant._id === variantId && cncModel.includes(variant.cncModel)),
    );
    onChange({ ...value, cncModel, cncVariant });
    if (!selectVariantsOfNewModel || !cncModel.includes(id)) return;
    getVariants({ modelIds: [id] })
      .then(({ variants: list }) => {
        const current = latest.current;
        if (!current.cncModel.includes(id)) return;
        const added = list
          .map((variant) => variant._id)
          .filter(
            (variantId) => !disabledVariantIds.includes(variantId) && !current.cncVariant.includes(variantId),
          );
        if (added.length > 0) onChange({ ...current, cncVariant: [...current.cncVariant, ...added] });
      })
      .catch(() => setLoadError("Could not load the CNC variants."));
  }

  const hasManyBrands = value.cncBrand.length > 1;
  const hasManyModels = value.cncModel.length > 1;

  return (
    <div className="flex flex-col gap-5">
      {loadError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {loadError}
        </p>
      ) : null}
      <CheckList
        legend="CNC Brand"
        name="cncBrand"
        isLoading={brands === null}
        options={(brands ?? []).map((brand) => ({ id: brand._id, label: brand.name }))}
        selected={value.cncBrand}
        onToggle={onToggleBrand}
        error={errors.cncBrand}
        emptyText="No brands available."
        isRequired={isRequired}
      />
      <CheckList
        legend="CNC Model"
        name="cncModel"
        isLoading={isLoadingModels && models.length === 0}
        options={models.map((model) => ({
          id: model._id,
          label: model.name,
          hint: hasManyBrands ? model.cncBrand.name : undefined,
        }))}
        selected={value.cncModel}
        onToggle={onToggleModel}
        error={errors.cncModel}
        emptyText="Choose a brand to see its models."
        isRequired={isRequired}
      />
      <CheckList
        legend="CNC Variant"
        name="cncVariant"
        isLoading={isLoadingVariants && variants.length === 0}
        options={variants.map((variant) => {
          const isOwned = disabledVariantIds.includes(variant._id);
          return {
            id: variant._id,
            // Model then variant, as the catalogue and the project page name a machine.
            label: hasManyModels ? `${variant.modelName} ${variant.name}` : variant.name,
            hint: isOwned ? `(${disabledVariantHint})` : undefined,
            isDisabled: isOwned,
          };
        })}
        selected={value.cncVariant}
        onToggle={(id) => onChange({ ...value, cncVariant: toggle(value.cncVariant, id) })}
        error={errors.cncVariant}
        emptyText="Choose a model to see its variants."
        isRequired={isRequired}
      />
    </div>
  );
}

/** The spec's machine messages, from the schema the server uses too. */
export function machineSelectionErrors(selection: MachineSelection): MachinePickerErrors {
  const result = machinesSchema.safeParse(selection);
  if (result.success) return {};
  const errors: MachinePickerErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === "cncBrand" || key === "cncModel" || key === "cncVariant") && !errors[key]) {
      errors[key] = issue.message;
    }
  }
  return errors;
}
