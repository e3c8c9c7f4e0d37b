import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@/lib/db/create";
import { applyMigrations } from "@/lib/db/migrate";
import { categories, posts, postTags, tags, users } from "@/lib/db/schema";
import {
  changedSearchRowsQuery,
  parsedSearchQuery,
  readListedSearchRows,
  SearchIndex,
} from "@/lib/search/search-index";
import { listingQueries, SEARCH_WINDOW } from "@/lib/services/posts/queries/listing";
import { bothDatabases } from "../support/both-databases";

/**
 * The search index of listings (ADR 023) against PostgreSQL's own window statement, on the
 * embedded PGlite and on a real server: the same ids in the same order and the same total for
 * every search the index answers, before and after posts change under it.
 */

const WORDS = [
  "walnut",
  "walnuts",
  "wall",
  "wallet",
  "cherry",
  "cherrywood",
  "maple",
  "oak",
  "pine",
  "sign",
  "signs",
  "tray",
  "coaster",
  "coasters",
  "clock",
  "carving",
  "carved",
  "puzzle",
  "box",
  "laser",
  "engraved",
  "plaque",
  "the",
  "and",
  "with",
  "v-carve",
  "3d",
  "2024",
  "birch",
  "acrylic",
];

/** A small deterministic generator (mulberry32), so every run builds the same posts. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEARCHES = [
  "walnut",
  "wal",
  "wall",
  "cherry",
  "cher",
  "cherrywood",
  "maple",
  "oak tray",
  "pine puzzle",
  "sign",
  "signs",
  "coaster",
  "coasters",
  "carving",
  "carved",
  "walnut sign",
  "cherry maple oak",
  "box laser",
  "engraved plaque",
  "3d",
  "2024",
  "v-carve",
  "the",
  "the walnut",
  "birch acrylic",
  "zzz",
  "c",
  "walnut or maple",
  "walnut -sign",
];

async function seedPosts(database: Database, random: () => number): Promise<void> {
  const [author] = await database
    .insert(users)
    .values({
      username: "search_author",
      email: "search@example.com",
      passwordHash: "x",
      firstname: "S",
      lastname: "A",
    })
    .returning({ id: users.id });
  const [category] = await database.insert(categories).values({ name: "Signs" }).returning();
  const tagRows = await database
    .insert(tags)
    .values(["walnut", "laser", "coaster", "v-carve"].map((name) => ({ name })))
    .returning();
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const phrase = (length: number) => Array.from({ length }, pick).join(" ");
  // Creation times in few distinct values, so ties in rank and time fall to the id.
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 400 }, (_, index) => ({
    userId: author!.id,
    title: `${phrase(2 + Math.floor(random() * 3))} ${index}`,
    description: phrase(Math.floor(random() * 25)),
    categoryId: category!.id,
    visibility: (random() < 0.9 ? "public" : "draft") as "public" | "draft",
    jobType: "Single Sided" as const,
    jobSizeWidth: 12,
    jobSizeHeight: 6,
    jobSizeThickness: 0.75,
    createdAt: new Date(base + Math.floor(random() * 40) * 3_600_000),
  }));
  const inserted = await database.insert(posts).values(rows).returning({ id: posts.id });
  const links = inserted.flatMap((post) =>
    tagRows.filter(() => random() < 0.2).map((tag) => ({ postId: post.id, tagId: tag.id })),
  );
  if (links.length > 0) await database.insert(postTags).values(links);
  // Microseconds apart within one millisecond: the index must order them as PostgreSQL does.
  await database.execute(
    sql`update ${posts} set created_at = created_at + make_interval(secs => (random() * 0.0009)::float8)
      where ${posts.id} in (select ${posts.id} from ${posts} order by ${posts.id} limit 30)`,
  );
}

/** PostgreSQL's window (listingQueries().window) and the index's, for every search. */
async function compareWindows(database: Database, index: SearchIndex) {
  const unanswered: string[] = [];
  for (const searchQuery of SEARCHES) {
    const query = await parsedSearchQuery(database, searchQuery);
    if (!query) {
      unanswered.push(searchQuery);
      continue;
    }
    const queries = listingQueries(database, { filters: { searchQuery }, page: 1, limit: 20 });
    const rows = await queries.window.execute(queries.bindings.values);
    const expected = { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) };
    expect(index.window(query, SEARCH_WINDOW), `search "${searchQuery}"`).toEqual(expected);
    // A shorter window is the start of the longer one.
    expect(index.window(query, 7)?.ids, `search "${searchQuery}", 7`).toEqual(expected.ids.slice(0, 7));
  }
  return unanswered;
}

async function scenario(database: Database): Promise<void> {
  await seedPosts(database, generator(23));
  const built = await readListedSearchRows(database);
  const index = SearchIndex.build(built.rows);
  expect(built.rows.length).toBeGreaterThan(300);
  // Negation and stop words alone go to PostgreSQL; every other search is answered by the index.
  expect(await compareWindows(database, index)).toEqual(["the", "walnut -sign"]);

  // Changes under the index: a new title, a description, an unpublished and a deleted post, a
  // new public post and a new tag, then the catch-up statement from the build's xmin.
  const some = built.rows.slice(0, 12).map((row) => row.id);
  await database.update(posts).set({ title: "Cherrywood wall clock" }).where(eq(posts.id, some[0]!));
  await database
    .update(posts)
    .set({ description: "walnut walnut walnut sign" })
    .where(eq(posts.id, some[1]!));
  await database.update(posts).set({ visibility: "draft" }).where(eq(posts.id, some[2]!));
  await database.delete(posts).where(inArray(posts.id, [some[3]!, some[4]!]));
  const [author] = await database.select({ id: users.id }).from(users).limit(1);
  await database.insert(posts).values({
    userId: author!.id,
    title: "Maple coaster set",
    description: "Walnut inlay",
    visibility: "public",
    jobType: "Single Sided",
    jobSizeWidth: 4,
    jobSizeHeight: 4,
    jobSizeThickness: 0.5,
  });
  const [walnutTag] = await database.select().from(tags).where(eq(tags.name, "walnut"));
  await database.insert(postTags).values({ postId: some[5]!, tagId: walnutTag!.id }).onConflictDoNothing();

  const { rows } = await database.execute<{
    xmin: string;
    id: string | null;
    micros: string | null;
    vector: string | null;
  }>(changedSearchRowsQuery(built.xmin));
  index.apply(
    rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              row:
                row.vector === null
                  ? null
                  : { id: row.id, createdAtMicros: Number(row.micros), vector: row.vector },
            },
          ],
    ),
  );
  // Six posts at least (the tag may already have been on its post).
  expect(index.changeCount).toBeGreaterThanOrEqual(6);
  await compareWindows(database, index);
}

describe("the search index (ADR 023)", () => {
  const databases = bothDatabases("cnc_search_index");

  for (const where of ["embedded", "postgres"] as const)
    it(`gives PostgreSQL's window and total for every search (${where})`, async () => {
      const database = createDatabase(
        where === "embedded" ? databases.embeddedUrl() : databases.postgresUrl(),
        { max: 2 },
      );
      try {
        await applyMigrations(database);
        await scenario(database);
      } finally {
        await database.$client.end();
      }
    });
});
