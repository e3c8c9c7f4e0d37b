import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { partners, users } from "@/lib/db/schema";
import type { Partner } from "@/lib/validation/taxonomy";

export async function listPartners(): Promise<Partner[]> {
  const rows = await db()
    .select({
      id: partners.id,
      name: partners.name,
      color: partners.color,
      userId: users.id,
      username: users.username,
    })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .orderBy(asc(partners.name));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    color: row.color,
    user: { _id: row.userId, username: row.username },
  }));
}
