import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = {
  "@": root,
  "server-only": fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // The security tier's pure checks run here, its HTTP checks in the API project.
          include: ["tests/unit/**/*.test.ts", "tests/security/**/*.unit.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/security/**/*.test.ts"],
          exclude: ["tests/security/**/*.unit.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/api-global-setup.ts"],
          // Under TEST_APP_MODE=dev a route compiles on its first request.
          testTimeout: process.env.TEST_APP_MODE === "dev" ? 120_000 : 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // npm run test:fuzz (scripts/test-fuzz.ts) runs it once per database.
          name: "fuzz",
          include: ["tests/fuzz/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/api-global-setup.ts"],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // npm run test:faults: each test starts (and kills) its own servers and databases.
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/faults/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
