import { sql } from "drizzle-orm";
import { boolean, check, index, numeric, pgTable, text, unique } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, id } from "./columns";

/** CNC machine catalogue: brand -> model -> variant. Work areas are tool-centre travel in mm. */
export const cncBrands = pgTable("cnc_brands", {
  id: id(),
  name: text("name").notNull().unique(),
  link: text("link"),
  /** The brand whose official accounts the "Brand" filter button selects. */
  isFeatured: boolean("is_featured").notNull().default(false),
  createdAt: createdAt(),
});

export const cncModels = pgTable(
  "cnc_models",
  {
    id: id(),
    brandId: cascadeRef("brand_id", () => cncBrands.id),
    name: text("name").notNull(),
    link: text("link"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("cnc_models_brand_name_unique").on(t.brandId, t.name),
    index("cnc_models_brand_idx").on(t.brandId),
  ],
);

export const cncVariants = pgTable(
  "cnc_variants",
  {
    id: id(),
    modelId: cascadeRef("model_id", () => cncModels.id),
    name: text("name").notNull(),
    link: text("link"),
    workAreaXMm: numeric("work_area_x_mm", { precision: 8, scale: 2, mode: "number" }).notNull(),
    workAreaYMm: numeric("work_area_y_mm", { precision: 8, scale: 2, mode: "number" }).notNull(),
    /** Null where no Z travel figure is known. */
    travelZMm: numeric("travel_z_mm", { precision: 8, scale: 2, mode: "number" }),
    controller: text("controller"),
    /** True only where the figures come from a source the manufacturer controls. */
    isConfirmed: boolean("is_confirmed").notNull().default(false),
    /** What an unconfirmed figure rests on: primary, quoted-official, third-party or nominal. */
    evidence: text("evidence"),
    source: text("source"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("cnc_variants_model_name_unique").on(t.modelId, t.name),
    index("cnc_variants_model_idx").on(t.modelId),
    check(
      "cnc_variants_work_area_positive",
      sql`${t.workAreaXMm} > 0 AND ${t.workAreaYMm} > 0 AND coalesce(${t.travelZMm}, 1) > 0`,
    ),
  ],
);
