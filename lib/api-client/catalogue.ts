/** Typed browser calls for the CNC catalogue (brands, models, variants). */
import type { CncBrand, CncModel, CncVariant } from "@/lib/validation/catalogue";
import { getBrandsEndpoint, getModelsEndpoint, getVariantsEndpoint } from "@/lib/validation/catalogue";
import { callEndpoint } from "./call-endpoint";

export function getBrands(): Promise<{ brands: CncBrand[] }> {
  return callEndpoint(getBrandsEndpoint);
}

export function getModels(brandIds: readonly string[]): Promise<{ models: CncModel[] }> {
  return callEndpoint(getModelsEndpoint, { query: { brandId: [...brandIds] } });
}

export function getVariants(filter: {
  modelIds?: readonly string[];
  variantIds?: readonly string[];
}): Promise<{ variants: CncVariant[] }> {
  return callEndpoint(getVariantsEndpoint, {
    query: {
      modelId: filter.modelIds && [...filter.modelIds],
      variantId: filter.variantIds && [...filter.variantIds],
    },
  });
}
