import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { createTestDatabase } from "./test-database";

/**
 * An embedded PGlite (served over the Postgres protocol, as `npm start` runs it) and a database on
 * the real PostgreSQL server, for the enclosing describe block: started before its tests, dropped
 * after them. The urls are read inside tests.
 */
export function bothDatabases(prefix: string): { embeddedUrl(): string; postgresUrl(): string } {
  let embedded: EmbeddedDatabase | undefined;
  let embeddedDir: string | undefined;
  let postgres: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    embeddedDir = mkdtempSync(path.join(tmpdir(), "cnc-pglite-"));
    embedded = await startEmbeddedDatabase({ dataDir: path.join(embeddedDir, "db"), port: 0 });
    postgres = await createTestDatabase(prefix);
  });

  afterAll(async () => {
    await embedded?.stop();
    await postgres?.drop();
    if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
  });

  return { embeddedUrl: () => embedded!.url, postgresUrl: () => postgres!.url };
}
