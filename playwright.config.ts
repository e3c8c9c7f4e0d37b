import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build with seeded demo data on a fresh PostgreSQL
 * database (tests/e2e/global-setup.ts). Browsers come from Debian (`chromium`): Playwright's own
 * download cannot run on these machines.
 */
// Side-by-side runs (each with its own NEXT_DIST_DIR) must not wipe each other's artifacts.
const artifactSuffix = process.env.NEXT_DIST_DIR?.replace(/^\.next-?/, "") ?? "";
const artifactDir = (name: string) => (artifactSuffix ? `${name}-${artifactSuffix}` : name);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: artifactDir("test-results"),
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Under TEST_APP_MODE=dev each page compiles on its first visit.
  timeout: process.env.TEST_APP_MODE === "dev" ? 180_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: artifactDir("playwright-report") }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-unsafe-swiftshader",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
});
