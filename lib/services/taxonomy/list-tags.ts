import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { tags } from "@/lib/db/schema";
import type { Tag } from "@/lib/validation/taxonomy";

export async function listTags({ type }: { type: Tag["type"] }): Promise<Tag[]> {
  const rows = await db()
    .select({ id: tags.id, name: tags.name, type: tags.type })
    .from(tags)
    .where(eq(tags.type, type))
    .orderBy(asc(tags.name));
  return rows.map((row) => ({ _id: row.id, name: row.name, type: row.type }));
}
