import { createHash } from "node:crypto";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool, type PoolClient, type QueryConfig } from "pg";
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
    // estimates of the listing totals do (their EXISTS filters), and the compile costs 160 ms on a
    // 25 ms count, on every request. Short OLTP queries never earn it back.
    // Named statements (below) keep being planned for their parameters, as unnamed ones are: a
    // generic plan guesses at LIMIT, OFFSET and how common a category is. PGlite ignores both.
    options: "-c jit=off -c plan_cache_mode=force_custom_plan",
  });
  // Without a listener an idle client's error (e.g. the server restarting) kills the process.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  if (!isEmbeddedDatabaseUrl(url)) pool.on("connect", nameRepeatedStatements);
  return drizzle(pool, { schema });
}

/**
 * The embedded server's connections share PGlite's one session (lib/db/embedded.ts marks its URL
 * with this application name), so two of them preparing the same statement name would collide.
 */
export const EMBEDDED_APPLICATION_NAME = "cnc-embedded";

export function isEmbeddedDatabaseUrl(url: string): boolean {
  try {
    return new URL(url).searchParams.get("application_name") === EMBEDDED_APPLICATION_NAME;
  } catch {
    return false;
  }
}

/** Distinct statements named per connection; the app has a few hundred, so a bound, not a cache. */
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash("sha1").update(text).digest("base64url")}`;
    if (statementNames.size < MAX_NAMED_STATEMENTS * 4) statementNames.set(text, name);
  }
  return name;
}

/**
 * Sends each parameterised statement as a named one, so a connection parses it once and later
 * executions only bind: about 0.3 ms of database CPU less per listing query. drizzle names only `.prepare()`d queries, and node-postgres skips the Parse of a name
 * its connection has parsed. Plans stay per execution (plan_cache_mode above).
 */
function nameRepeatedStatements(client: PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  // Every argument passes on: Pool#query calls with a callback as the third.
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (isUnnamedParameterisedQuery(config, rest[0])) {
      const name = statementName(config.text);
      if (named.has(name) || named.size < MAX_NAMED_STATEMENTS) {
        named.add(name);
        return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  }) as PoolClient["query"];
}

function isUnnamedParameterisedQuery(config: unknown, values: unknown): config is QueryConfig {
  if (typeof config !== "object" || config === null) return false;
  const { text, name } = config as QueryConfig;
  const params = Array.isArray(values) ? values : (config as QueryConfig).values;
  return typeof text === "string" && !name && Array.isArray(params) && params.length > 0;
}
