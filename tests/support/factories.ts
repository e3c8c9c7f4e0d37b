import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createDatabase, type Database } from "@/lib/db/create";
import { categories, cncBrands, cncModels, cncVariants, partners, tags, users } from "@/lib/db/schema";

let database: Database | undefined;
let ownEnvironment: { databaseUrl: string; dataDir: string } | undefined;

/** Direct access to the API suite's database, for arranging rows a test needs. */
export function testDb(): Database {
  database ??= createDatabase(ownEnvironment?.databaseUrl ?? inject("databaseUrl"), { max: 3 });
  return database;
}

/** The app's DATA_DIR (local storage lives under it). */
export const testDataDir = (): string => ownEnvironment?.dataDir ?? inject("dataDir");

/**
 * Points the factories at a database and data directory of the test's own (tests/faults start
 * their own servers); closes the previous connections. Call with nothing to close them only.
 */
export async function useTestEnvironment(environment?: {
  databaseUrl: string;
  dataDir: string;
}): Promise<void> {
  const previous = database;
  database = undefined;
  ownEnvironment = environment;
  await previous?.$client.end();
}

/** A short unique suffix so tests never collide on unique names. */
export const unique = (prefix = "") => `${prefix}${randomBytes(4).toString("hex")}`;

export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const suffix = unique();
  const [user] = await testDb()
    .insert(users)
    .values({
      username: `u${suffix}`,
      email: `maker-${suffix}@example.com`,
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder",
      firstname: "Test",
      lastname: "Maker",
      isVerified: true,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createCatalogue() {
  const [brand] = await testDb()
    .insert(cncBrands)
    .values({ name: unique("Brand "), link: "https://example.com/brand" })
    .returning();
  const [model] = await testDb()
    .insert(cncModels)
    .values({ brandId: brand!.id, name: unique("Model "), link: "https://example.com/model" })
    .returning();
  const variants = await testDb()
    .insert(cncVariants)
    .values([
      {
        modelId: model!.id,
        name: "X-35",
        workAreaXMm: 816,
        workAreaYMm: 816,
        travelZMm: 133,
        isConfirmed: true,
      },
      { modelId: model!.id, name: "X-50", workAreaXMm: 1220, workAreaYMm: 816, travelZMm: 160 },
    ])
    .returning();
  return { brand: brand!, model: model!, variants };
}

export async function createCategory(name = unique("Category ")) {
  const [category] = await testDb().insert(categories).values({ name }).returning();
  return category!;
}

export async function createTag(name = unique("tag-")) {
  const [tag] = await testDb().insert(tags).values({ name }).returning();
  return tag!;
}

export async function createPartner(overrides: { name?: string; color?: string } = {}) {
  const user = await createUser();
  const [partner] = await testDb()
    .insert(partners)
    .values({
      name: overrides.name ?? unique("Partner "),
      color: overrides.color ?? "#1A7F64",
      userId: user.id,
    })
    .returning();
  return { partner: partner!, user };
}
