import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { cncBrands, cncModels, cncVariants } from "@/lib/db/schema";
import { CNC_BRANDS, machineRefKey, type MachineRefLike } from "@/lib/catalogue/machines";

/** Variant ids by "brand / model / variant", for the steps that link machines. */
export type VariantIds = Map<string, string>;

export function variantIdOf(variantIds: VariantIds, ref: MachineRefLike): string {
  const id = variantIds.get(machineRefKey(ref));
  if (!id) throw new Error(`Seed refers to a machine missing from the catalogue: ${machineRefKey(ref)}`);
  return id;
}

/** The machine catalogue; rows that exist are kept (matched by name), so the step can run again. */
export async function seedCatalogue(db: Database): Promise<VariantIds> {
  const variantIds: VariantIds = new Map();
  for (const brand of CNC_BRANDS) {
    await db
      .insert(cncBrands)
      .values({ name: brand.name, link: brand.link, isFeatured: brand.machine === "Onefinity CNC" })
      .onConflictDoNothing();
    const [brandRow] = await db
      .select({ id: cncBrands.id })
      .from(cncBrands)
      .where(eq(cncBrands.name, brand.name));
    for (const model of brand.models) {
      await db
        .insert(cncModels)
        .values({ brandId: brandRow!.id, name: model.name, link: model.link })
        .onConflictDoNothing();
      const [modelRow] = await db
        .select({ id: cncModels.id })
        .from(cncModels)
        .where(and(eq(cncModels.brandId, brandRow!.id), eq(cncModels.name, model.name)));
      await db
        .insert(cncVariants)
        .values(
          model.variants.map((variant) => ({
            modelId: modelRow!.id,
            name: variant.name,
            link: variant.link,
            workAreaXMm: variant.workAreaXmm,
            workAreaYMm: variant.workAreaYmm,
            travelZMm: variant.travelZmm,
            controller: variant.controller,
            isConfirmed: variant.confirmed,
            evidence: variant.evidence,
            source: variant.source,
          })),
        )
        .onConflictDoNothing();
      const rows = await db
        .select({ id: cncVariants.id, name: cncVariants.name })
        .from(cncVariants)
        .where(eq(cncVariants.modelId, modelRow!.id));
      for (const row of rows) {
        variantIds.set(machineRefKey({ brand: brand.name, model: model.name, variant: row.name }), row.id);
      }
    }
  }
  return variantIds;
}
