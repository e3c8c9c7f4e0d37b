import "server-only";
import { asc, inArray, or } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { cncBrands, cncModels, cncVariants } from "@/lib/db/schema";
import { withModelAndBrand } from "./queries/with-model-and-brand";
import type { CncVariant } from "@/lib/validation/catalogue";

/**
 * Variants of the given models plus the given variants (the spec fetches by either list), or the
 * whole catalogue when neither is given.
 */
export async function listVariants({
  modelIds,
  variantIds,
}: {
  modelIds?: string[];
  variantIds?: string[];
}): Promise<CncVariant[]> {
  const filters = [
    modelIds?.length ? inArray(cncVariants.modelId, modelIds) : undefined,
    variantIds?.length ? inArray(cncVariants.id, variantIds) : undefined,
  ].filter((filter) => filter !== undefined);
  const query = db()
    .select({
      id: cncVariants.id,
      name: cncVariants.name,
      link: cncVariants.link,
      workAreaXMm: cncVariants.workAreaXMm,
      workAreaYMm: cncVariants.workAreaYMm,
      travelZMm: cncVariants.travelZMm,
      isConfirmed: cncVariants.isConfirmed,
      modelId: cncModels.id,
      modelName: cncModels.name,
      modelLink: cncModels.link,
      brandName: cncBrands.name,
      brandLink: cncBrands.link,
    })
    .from(cncVariants)
    .$dynamic();
  const rows = await withModelAndBrand(query)
    .where(filters.length ? or(...filters) : undefined)
    .orderBy(asc(cncBrands.name), asc(cncModels.name), asc(cncVariants.name));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    cncModel: row.modelId,
    brandName: row.brandName,
    modelName: row.modelName,
    brandLink: row.brandLink,
    modelLink: row.modelLink,
    variantLink: row.link,
    workArea: { xMm: row.workAreaXMm, yMm: row.workAreaYMm, zMm: row.travelZMm },
    isConfirmed: row.isConfirmed,
  }));
}
