import "server-only";
import { asc, desc } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { cncBrands } from "@/lib/db/schema";
import type { CncBrand } from "@/lib/validation/catalogue";

/** Featured brand first (the site's focus), then by name. */
export async function listBrands(): Promise<CncBrand[]> {
  const rows = await db()
    .select({ id: cncBrands.id, name: cncBrands.name, link: cncBrands.link })
    .from(cncBrands)
    .orderBy(desc(cncBrands.isFeatured), asc(cncBrands.name));
  return rows.map((row) => ({ _id: row.id, name: row.name, link: row.link }));
}
