import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabase } from "@/lib/db/create";
import { applyMigrations } from "@/lib/db/migrate";
import { ensureBuild, PG_BUSY_CLIENT_WARNING, startApp } from "./app-server";
import { createEmbeddedTestDatabase, createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
    outboxDir: string;
    appLogFile: string;
  }
}

/**
 * The API suite talks HTTP to the production build backed by a fresh PostgreSQL database,
 * created here and dropped afterwards. Tests make their own rows with tests/support/factories.ts.
 */
export default async function setup(project: TestProject) {
  // TEST_DATABASE=embedded: the same suite against the embedded PGlite that `npm start` uses.
  const database =
    process.env.TEST_DATABASE === "embedded"
      ? await createEmbeddedTestDatabase()
      : await createTestDatabase();
  const migrator = createDatabase(database.url, { max: 1 });
  await applyMigrations(migrator);
  await migrator.$client.end();

  const dataDir = mkdtempSync(path.join(tmpdir(), "cnc-api-"));
  const outboxDir = path.join(dataDir, "outbox");
  await ensureBuild();
  const app = await startApp({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: outboxDir,
    STORAGE_DRIVER: "local",
    AUTH_SECRET: "api-test-secret-api-test-secret-0123456789",
    // Tests write rows straight into the database, which the signed-out listing cache cannot see;
    // tests/api/public-cache.test.ts runs its own server with the cache on.
    PUBLIC_CACHE_SECONDS: "0",
    POST_DETAIL_CACHE_SECONDS: "0",
    SITEMAP_CACHE_SECONDS: "0",
    // Two keys, as a comma-separated list (tests/api/preview.test.ts).
    PREVIEW_API_KEY: "preview-key-one, preview-key-two",
    // The tests' client is the "proxy": each simulated browser sends its own X-Forwarded-For
    // (tests/api/auth-support.ts), so per-IP limits of one test never touch another.
    // Under TEST_APP_MODE=dev (`next dev`, no server process to pass the socket address) every
    // request comes through that one "proxy": `*` reads its last X-Forwarded-For entry.
    TRUSTED_PROXIES: process.env.TEST_APP_MODE === "dev" ? "*" : "127.0.0.1, ::1",
    // Short, so tests/api/embedded-concurrency.test.ts can idle past it in a few seconds.
    DB_POOL_IDLE_MS: "1500",
    // The fuzz suite runs with every feature configured, so that any 5xx is a fault (unconfigured
    // Google sign-in answers a deliberate 503, tests/api/auth-profile.test.ts). The callback
    // refuses fuzzed calls before it would contact Google: they carry no matching state cookie.
    ...(project.name === "fuzz"
      ? { GOOGLE_CLIENT_ID: "fuzz-client-id", GOOGLE_CLIENT_SECRET: "fuzz-client-secret" }
      : {}),
  });

  project.provide("baseUrl", app.baseUrl);
  project.provide("databaseUrl", database.url);
  project.provide("dataDir", dataDir);
  project.provide("outboxDir", outboxDir);
  project.provide("appLogFile", app.logFile ?? "");

  return async () => {
    await app.stop();
    const log = app.logFile ? readFileSync(app.logFile, "utf8") : "";
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    // Whichever test made it: some code ran two queries at once on one connection.
    if (log.includes(PG_BUSY_CLIENT_WARNING)) {
      throw new Error(`The app logged pg's warning "${PG_BUSY_CLIENT_WARNING}" during this run.`);
    }
  };
}
