import { defineConfig } from "drizzle-kit";

// `drizzle-kit generate` needs no database; migrations are applied in code (lib/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./drizzle",
  casing: undefined,
});
