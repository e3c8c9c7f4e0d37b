import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the API tests use; each run creates and drops its own database. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(
  prefix = "cnc_test",
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(ADMIN_DATABASE_URL, name),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh embedded PGlite served over the Postgres protocol on a free port, as `npm start` runs
 * it (lib/db/embedded.ts), for the API tier's embedded run (README "Test tiers").
 */
export async function createEmbeddedTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { startEmbeddedDatabase } = await import("@/lib/db/embedded");
  const { freePort } = await import("./app-server");
  const dir = mkdtempSync(path.join(tmpdir(), "cnc-pglite-"));
  const embedded = await startEmbeddedDatabase({ dataDir: path.join(dir, "db"), port: await freePort() });
  return {
    url: embedded.url,
    async drop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
