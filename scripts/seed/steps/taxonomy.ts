import type { Database } from "@/lib/db/create";
import { categories, tags } from "@/lib/db/schema";
import { SEED_CATEGORIES, SEED_TAGS } from "../content/categories";

export interface TaxonomyIds {
  categories: Map<string, string>;
  tags: Map<string, string>;
}

export async function seedTaxonomy(db: Database): Promise<TaxonomyIds> {
  await db
    .insert(categories)
    .values(SEED_CATEGORIES.map((name) => ({ name, type: "post" as const })))
    .onConflictDoNothing();
  await db
    .insert(tags)
    .values(SEED_TAGS.map((name) => ({ name, type: "post" as const })))
    .onConflictDoNothing();
  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const tagRows = await db.select({ id: tags.id, name: tags.name }).from(tags);
  return {
    categories: new Map(categoryRows.map((row) => [row.name, row.id])),
    tags: new Map(tagRows.map((row) => [row.name, row.id])),
  };
}
