import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { categories } from "@/lib/db/schema";
import type { Category } from "@/lib/validation/taxonomy";

export async function listCategories({ type }: { type: Category["type"] }): Promise<Category[]> {
  const rows = await db()
    .select({ id: categories.id, name: categories.name, type: categories.type })
    .from(categories)
    .where(eq(categories.type, type))
    .orderBy(asc(categories.name));
  return rows.map((row) => ({ _id: row.id, name: row.name, type: row.type }));
}
