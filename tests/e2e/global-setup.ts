import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { ensureBuild, startApp } from "../support/app-server";
import { createTestDatabase } from "../support/test-database";

/** A fresh database with the demo data, and the production server on a free port. */
export default async function globalSetup() {
  const database = await createTestDatabase("cnc_e2e");
  const dataDir = mkdtempSync(path.join(tmpdir(), "cnc-e2e-"));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
    STORAGE_DRIVER: "local",
    AUTH_SECRET: "e2e-test-secret-e2e-test-secret-0123456789",
    // The login fixture names an address of its own per sign-in (fixtures.ts), so the suite's
    // many sign-ins from one machine stay under the per-network login limit, as people would.
    TRUSTED_PROXIES: "127.0.0.1",
  };
  // The real seed command: migrations and the demo community, as `npm run seed` does it.
  execFileSync("npm", ["run", "--silent", "seed"], { env: { ...process.env, ...env }, stdio: "inherit" });

  await ensureBuild();
  const app = await startApp(env);
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_OUTBOX_DIR = env.MAIL_OUTBOX_DIR;
  // For journeys that arrange a state no screen reaches yet (tests/e2e/review.spec.ts).
  process.env.E2E_DATABASE_URL = database.url;

  return async () => {
    await app.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
