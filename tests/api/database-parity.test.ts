import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@/lib/db/create";
import { applyMigrations } from "@/lib/db/migrate";
import {
  bookmarks,
  categories,
  cncBrands,
  cncModels,
  cncVariants,
  comments,
  likes,
  posts,
  postTags,
  projectMakes,
  tags,
  users,
} from "@/lib/db/schema";
import { bothDatabases } from "../support/both-databases";

/**
 * One scenario, run on the embedded PGlite (served over the Postgres protocol, as `npm start`
 * does) and on a real PostgreSQL server: the same migrations, the same queries, the same answers.
 */
async function scenario(db: Database) {
  const [author, fan] = await db
    .insert(users)
    .values([
      {
        username: "parity_author",
        email: "author@example.com",
        passwordHash: "x",
        firstname: "A",
        lastname: "B",
      },
      { username: "parity_fan", email: "fan@example.com", passwordHash: "x", firstname: "C", lastname: "D" },
    ])
    .returning({ id: users.id });
  const [brand] = await db.insert(cncBrands).values({ name: "Onefinity" }).returning();
  const [model] = await db.insert(cncModels).values({ brandId: brand!.id, name: "Woodworker" }).returning();
  const [variant] = await db
    .insert(cncVariants)
    .values({ modelId: model!.id, name: "X-35", workAreaXMm: 816, workAreaYMm: 816, travelZMm: 133 })
    .returning();
  const [category] = await db.insert(categories).values({ name: "Signs" }).returning();
  const tagRows = await db
    .insert(tags)
    .values([{ name: "walnut" }, { name: "v-carve" }])
    .returning();
  const [post] = await db
    .insert(posts)
    .values({
      userId: author!.id,
      title: "Walnut house sign",
      description: "A carved sign for the front porch",
      categoryId: category!.id,
      visibility: "public",
      jobType: "Single Sided",
      jobSizeWidth: 12,
      jobSizeHeight: 6,
      jobSizeThickness: 0.75,
      spindleSpeed: 18000,
    })
    .returning({ id: posts.id });
  await db.insert(postTags).values(tagRows.map((tag) => ({ postId: post!.id, tagId: tag.id })));
  await db.insert(likes).values([
    { userId: author!.id, postId: post!.id },
    { userId: fan!.id, postId: post!.id },
  ]);
  await db.insert(bookmarks).values({ userId: fan!.id, postId: post!.id });
  await db
    .insert(comments)
    .values({ postId: post!.id, userId: fan!.id, comment: '{"ops":[]}', plainText: "Nice" });
  await db.insert(projectMakes).values([
    {
      postId: post!.id,
      userId: fan!.id,
      printedOnId: variant!.id,
      isPrinted: true,
      cutExpectation: 4,
      cutQuality: 3,
      correctFileInfo: 5,
      coolFactor: 2,
    },
    {
      postId: post!.id,
      userId: author!.id,
      printedOnId: variant!.id,
      isPrinted: true,
      cutExpectation: 5,
      cutQuality: 5,
      correctFileInfo: 5,
      coolFactor: 5,
    },
    { postId: post!.id, userId: author!.id, isPrinted: false },
  ]);
  await db.delete(likes).where(and(eq(likes.userId, author!.id), eq(likes.postId, post!.id)));

  const [counts] = await db
    .select({
      likes: posts.likesCount,
      bookmarks: posts.bookmarksCount,
      comments: posts.commentsCount,
      makes: posts.makesCount,
      rated: posts.ratedMakesCount,
      average: posts.averageTotalRating,
    })
    .from(posts)
    .where(eq(posts.id, post!.id));
  const totals = await db
    .select({ total: projectMakes.totalRating })
    .from(projectMakes)
    .where(eq(projectMakes.postId, post!.id))
    .orderBy(projectMakes.totalRating);
  // Weighted full-text search: the tag matches, the title ranks above the description.
  const search = await db
    .select({
      title: posts.title,
      rank: sql<number>`ts_rank(${posts.searchVector}, websearch_to_tsquery('english', 'walnut'))`,
    })
    .from(posts)
    .where(sql`${posts.searchVector} @@ websearch_to_tsquery('english', 'carve')`);
  const fuzzy = await db
    .select({ title: posts.title })
    .from(posts)
    .where(sql`lower(${posts.title}) % ${"walnut hose sign"}`);
  const rejected = await db
    .insert(projectMakes)
    .values({
      postId: post!.id,
      userId: fan!.id,
      isPrinted: true,
      cutExpectation: 6,
      cutQuality: 1,
      correctFileInfo: 1,
      coolFactor: 1,
    })
    .then(() => "accepted")
    .catch((error: { cause?: { code?: string } }) => error.cause?.code ?? "error");
  return {
    counts,
    totals: totals.map((row) => row.total),
    search: search.map((row) => row.title),
    fuzzy,
    rejected,
  };
}

describe("the same migrations and queries on PGlite and PostgreSQL", () => {
  const databases = bothDatabases("cnc_parity");

  it("gives identical results, counters and constraint errors", async () => {
    const results = [];
    for (const url of [databases.embeddedUrl(), databases.postgresUrl()]) {
      const db = createDatabase(url, { max: 2 });
      try {
        await applyMigrations(db);
        results.push(await scenario(db));
      } finally {
        await db.$client.end();
      }
    }
    const [onPglite, onPostgres] = results;
    expect(onPglite).toEqual({
      counts: { likes: 1, bookmarks: 1, comments: 1, makes: 3, rated: 2, average: 4.2 },
      totals: [3.4, 5, null],
      search: ["Walnut house sign"],
      fuzzy: [{ title: "Walnut house sign" }],
      rejected: "23514",
    });
    expect(onPostgres).toEqual(onPglite);
  });
});
