import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { tags } from "@/lib/db/schema";
import type { Tag } from "@/lib/validation/taxonomy";

/**
 * A tag by name for the wizard's create-on-the-fly: the existing tag of that name (any case) or a
 * new one. The unique index on lower(name) settles two people creating the same tag at once.
 */
export async function createTag({
  actor,
  name,
  type,
}: {
  actor: Actor;
  name: string;
  type: Tag["type"];
}): Promise<{ tag: Tag; created: boolean }> {
  const clean = name.trim().replace(/\s+/g, " ");
  const findExisting = async () => {
    const [row] = await db()
      .select({ id: tags.id, name: tags.name, type: tags.type })
      .from(tags)
      .where(and(eq(tags.type, type), sql`lower(${tags.name}) = lower(${clean})`))
      .limit(1);
    return row;
  };
  const existing = await findExisting();
  if (existing)
    return { tag: { _id: existing.id, name: existing.name, type: existing.type }, created: false };
  const [inserted] = await db()
    .insert(tags)
    .values({ name: clean, type, createdBy: actor.id })
    .onConflictDoNothing()
    .returning({ id: tags.id, name: tags.name, type: tags.type });
  const row = inserted ?? (await findExisting());
  if (!row) throw new Error("tag neither inserted nor found");
  return { tag: { _id: row.id, name: row.name, type: row.type }, created: inserted !== undefined };
}
