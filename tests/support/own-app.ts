import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { type RunningApp, startApp } from "./app-server";
import { API_TEST_AUTH_SECRET } from "./factories-project";

/**
 * A server of the calling file (or describe block) alone, on the suite's database with a data
 * directory of its own: started before its tests, stopped after. `env` adds to the settings every
 * test server has, or overrides them.
 */
export function ownApp(name: string, env: Record<string, string>): { readonly baseUrl: string } {
  let app: RunningApp | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `cnc-${name}-`));
    app = await startApp({
      DATABASE_URL: inject("databaseUrl"),
      DATA_DIR: dataDir,
      MAIL_DRIVER: "outbox",
      STORAGE_DRIVER: "local",
      AUTH_SECRET: API_TEST_AUTH_SECRET,
      ...env,
    });
  });
  afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get baseUrl() {
      if (!app) throw new Error(`the ${name} server has not started`);
      return app.baseUrl;
    },
  };
}
