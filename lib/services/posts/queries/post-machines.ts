import "server-only";
import { asc, eq } from "drizzle-orm";
import { controllerRapidMmPerMin } from "@/lib/catalogue/machines";
import { db } from "@/lib/db/client";
import { cncBrands, cncModels, cncVariants, ownedMachines } from "@/lib/db/schema";
import type { PostMachine } from "@/lib/validation/posts";

/** A catalogue variant as the project page shows it (with its work area, for machine fit). */
export const machineColumns = {
  id: cncVariants.id,
  name: cncVariants.name,
  link: cncVariants.link,
  xMm: cncVariants.workAreaXMm,
  yMm: cncVariants.workAreaYMm,
  zMm: cncVariants.travelZMm,
  controller: cncVariants.controller,
  modelName: cncModels.name,
  brandName: cncBrands.name,
};

export interface MachineRow {
  id: string;
  name: string;
  link: string | null;
  xMm: number;
  yMm: number;
  zMm: number | null;
  controller: string | null;
  modelName: string;
  brandName: string;
}

export const toMachine = (row: MachineRow): PostMachine => ({
  _id: row.id,
  name: row.name,
  modelName: row.modelName,
  brandName: row.brandName,
  link: row.link,
  workArea: { xMm: row.xMm, yMm: row.yMm, zMm: row.zMm },
  rapidMmPerMin: controllerRapidMmPerMin(row.controller),
});

/** The machines a user owns, for "fits your machines". */
export async function loadOwnedMachines(userId: string): Promise<PostMachine[]> {
  const rows = await db()
    .select(machineColumns)
    .from(ownedMachines)
    .innerJoin(cncVariants, eq(cncVariants.id, ownedMachines.variantId))
    .innerJoin(cncModels, eq(cncModels.id, cncVariants.modelId))
    .innerJoin(cncBrands, eq(cncBrands.id, cncModels.brandId))
    .where(eq(ownedMachines.userId, userId))
    .orderBy(asc(cncModels.name), asc(cncVariants.workAreaXMm), asc(cncVariants.name));
  return rows.map(toMachine);
}
