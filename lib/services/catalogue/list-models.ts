import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { cncBrands, cncModels } from "@/lib/db/schema";
import type { CncModel } from "@/lib/validation/catalogue";

/** Models of the given brands, or every model when no brand is given. */
export async function listModels({ brandIds }: { brandIds?: string[] }): Promise<CncModel[]> {
  const rows = await db()
    .select({
      id: cncModels.id,
      name: cncModels.name,
      link: cncModels.link,
      brandId: cncBrands.id,
      brandName: cncBrands.name,
    })
    .from(cncModels)
    .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
    .where(brandIds?.length ? inArray(cncModels.brandId, brandIds) : undefined)
    .orderBy(asc(cncBrands.name), asc(cncModels.name));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    link: row.link,
    cncBrand: { _id: row.brandId, name: row.brandName },
  }));
}
