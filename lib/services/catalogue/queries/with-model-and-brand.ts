import "server-only";
import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { cncBrands, cncModels, cncVariants } from "@/lib/db/schema";

/** A query over catalogue variants, joined to each variant's model and that model's brand. */
export function withModelAndBrand<T extends PgSelect>(query: T) {
  return query
    .innerJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
    .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId));
}
