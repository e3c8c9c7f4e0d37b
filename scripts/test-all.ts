// npm test: unit tests, then one production build, then the API suite (against a fresh PostgreSQL
// database) and the end-to-end suite (Playwright in Debian's Chromium). Stops at the first failure.
// The security tier (tests/security, docs/security.md) runs inside the unit and API projects.
import { loadDotEnv, nextBin, projectRoot, run } from "./lib/runtime";

loadDotEnv();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name: string) => `${projectRoot}/node_modules/.bin/${name}`;

try {
  console.log("\n== unit tests ==");
  await run(bin("vitest"), ["run", "--project", "unit"], env);
  console.log("\n== production build ==");
  await run(nextBin(), ["build"], env);
  console.log("\n== API tests (HTTP against the build, real PostgreSQL) ==");
  await run(bin("vitest"), ["run", "--project", "api"], env);
  console.log("\n== end-to-end tests (Chromium) ==");
  await run(bin("playwright"), ["test"], env);
  console.log("\nAll test tiers passed.");
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exit(1);
}
