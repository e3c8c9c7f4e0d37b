import "server-only";
import { env } from "@/lib/env";
import { createDatabase, type Database } from "./create";

const globalForDb = globalThis as unknown as { cncDb?: Database };

/** The app's database. `npm start` / `npm run dev` set DATABASE_URL to the embedded server when unset. */
export function db(): Database {
  if (!globalForDb.cncDb) {
    const url = env().DATABASE_URL;
    if (!url) {
      throw new Error(
        "DATABASE_URL is not set. Start the site with `npm start` or `npm run dev`, which run the embedded database.",
      );
    }
    // Kept on globalThis so hot reloads in development reuse one pool.
    globalForDb.cncDb = createDatabase(url, { max: 10, idleTimeoutMillis: env().DB_POOL_IDLE_MS });
  }
  return globalForDb.cncDb;
}
