import { count } from "drizzle-orm";
import { createDatabase, type Database } from "@/lib/db/create";
import { users } from "@/lib/db/schema";
import { prepareStorage } from "@/lib/storage";
import { planInteractions } from "./content/interactions";
import { DEMO_PASSWORD, SEED_USERS } from "./content/people";
import { SEED_PROJECTS } from "./content/projects";
import { seedCatalogue } from "./steps/catalogue";
import { seedInteractions } from "./steps/interactions";
import { seedPeople } from "./steps/people";
import { seedProjects } from "./steps/projects";
import { seedTaxonomy } from "./steps/taxonomy";

/** Printed by `npm start`: who to sign in as. */
export const DEMO_ACCOUNTS_TEXT = [
  `  Demo accounts (password for all: ${DEMO_PASSWORD}):`,
  ...SEED_USERS.filter((user) => user.authProvider === "email")
    .slice(0, 6)
    .map(
      (user) =>
        `    ${user.email.padEnd(34)} @${user.username}${user.role === "maker" ? "" : ` (${user.role})`}`,
    ),
  `    ... and ${SEED_USERS.length - 6} more makers (see scripts/seed/content/people.ts)`,
].join("\n");

/**
 * The demo community. Idempotent: every step matches what exists by natural key (names,
 * usernames, an author's post title) and adds only what is missing.
 */
export async function seedDemoData(
  db: Database,
  options: { log?: (line: string) => void } = {},
): Promise<void> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const now = Date.now();
  await prepareStorage();
  const variants = await seedCatalogue(db);
  const taxonomy = await seedTaxonomy(db);
  const people = await seedPeople(db, variants);
  log(`[seed] catalogue (${variants.size} variants), taxonomy and ${people.users.size} accounts`);
  const seeded = await seedProjects(db, SEED_PROJECTS, { variants, taxonomy, people }, now);
  log(`[seed] ${seeded.created.size} new projects with G-code, thumbnails and zip bundles`);
  const plan = planInteractions(SEED_PROJECTS, SEED_USERS);
  await seedInteractions(db, plan, { projects: SEED_PROJECTS, seeded, userIds: people.users, variants, now });
  log(`[seed] likes, bookmarks, comments and makes; done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** `npm start`: seed only an empty database, so a community that has grown is never touched. */
export async function seedIfEmpty(url: string): Promise<void> {
  const db = createDatabase(url, { max: 2 });
  try {
    const [row] = await db.select({ value: count() }).from(users);
    if ((row?.value ?? 0) > 0) return;
    console.log("[seed] empty database: adding the demo community ...");
    await seedDemoData(db, { log: (line) => console.log(line) });
  } finally {
    await db.$client.end();
  }
}
