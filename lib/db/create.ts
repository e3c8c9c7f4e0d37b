import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema> & { $client: Pool };

/**
 * A drizzle database over a `pg` pool. The same code path serves PostgreSQL and the embedded
 * PGlite (which `npm start` serves over the Postgres protocol). Scripts and tests call this
 * directly; the app uses the shared instance in ./client.ts.
 */
export function createDatabase(
  url: string,
  options: { max?: number; idleTimeoutMillis?: number } = {},
): Database {
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    // PostgreSQL compiles a query with LLVM once its estimated cost passes jit_above_cost; the
    // estimates of the listing totals do (their EXISTS filters), and the compile took 160 ms of a
    // 25 ms count on every request (docs/performance.md). Short OLTP queries never earn it back.
    // PGlite has no JIT and ignores the option.
    options: "-c jit=off",
  });
  // Without a listener an idle client's error (e.g. the server restarting) kills the process.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  return drizzle(pool, { schema });
}
