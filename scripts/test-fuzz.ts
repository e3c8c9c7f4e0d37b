// npm run test:fuzz: the schema-driven fuzz suite (tests/fuzz) against the production
// build, once on a fresh PostgreSQL database and once on a fresh embedded PGlite, each with its own
// server process. FUZZ_SEED reproduces a run. Builds first when there is no build.
import { loadDotEnv, projectRoot, run } from "./lib/runtime";

loadDotEnv();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const vitest = `${projectRoot}/node_modules/.bin/vitest`;

try {
  console.log("\n== fuzz /api/v1 on PostgreSQL ==");
  await run(vitest, ["run", "--project", "fuzz"], { ...env, TEST_DATABASE: "postgres" });
  console.log("\n== fuzz /api/v1 on the embedded PGlite ==");
  await run(vitest, ["run", "--project", "fuzz"], { ...env, TEST_DATABASE: "embedded" });
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exit(1);
}
