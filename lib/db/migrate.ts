import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./create";

/** Applies the committed SQL migrations in drizzle/ (idempotent; records them in drizzle.__drizzle_migrations). */
export async function applyMigrations(db: Database, projectRoot = process.cwd()): Promise<void> {
  await migrate(db, { migrationsFolder: path.join(projectRoot, "drizzle") });
}
