import "server-only";
import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { collections } from "@/lib/db/schema";

const SLUG_MAX = 60;

/** A URL-friendly form of a name: lower-case letters and digits joined by single dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
  return slug || "collection";
}

/**
 * The name's slug, made unique among the owner's collections with a number ("walnut-2"). The
 * unique index settles a race between two creates; the caller runs this in the transaction.
 */
export async function uniqueSlug(
  executor: Pick<Database, "select">,
  { ownerId, name, exceptId }: { ownerId: string; name: string; exceptId?: string },
): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await executor
        .select({ slug: collections.slug })
        .from(collections)
        .where(
          and(
            eq(collections.userId, ownerId),
            like(collections.slug, `${base}%`),
            exceptId ? ne(collections.id, exceptId) : undefined,
          ),
        )
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
