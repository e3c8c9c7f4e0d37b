/** Typed browser calls for the CNC catalogue (brands, models, variants). */
import type { CncBrand, CncModel, CncVariant } from "@/lib/validation/catalogue";
import { apiFetch } from "./client";

export function getBrands(): Promise<{ brands: CncBrand[] }> {
  return apiFetch("/api/v1/cncBrand/getBrands");
}

export function getModels(brandIds: readonly string[]): Promise<{ models: CncModel[] }> {
  return apiFetch("/api/v1/cncModel/getModels", { query: { brandId: brandIds } });
}

export function getVariants(filter: {
  modelIds?: readonly string[];
  variantIds?: readonly string[];
}): Promise<{ variants: CncVariant[] }> {
  return apiFetch("/api/v1/cncVariant/getVariants", {
    query: { modelId: filter.modelIds, variantId: filter.variantIds },
  });
}
