import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

const serverOnlyModules = [
  "@/lib/db/*",
  "@/lib/services/*",
  "@/lib/search/*",
  "@/lib/storage*",
  "@/lib/mail*",
  "@/lib/auth/*",
  "@/lib/env",
];

// Each index in lib/search is used through its index.ts; only its own files and tests reach inside.
const searchEntryPoints = {
  group: ["@/lib/search/*/*"],
  message: "Import an index of lib/search through its entry point (@/lib/search/<index>).",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    "node_modules/**",
    "drizzle/**",
    "playwright-report*/**",
    "test-results*/**",
    "next-env.d.ts",
    // AssemblyScript: type-checked by lib/gcode/core/tsconfig.json (`npm run check:gcode-core`).
    "lib/gcode/core/interpreter.ts",
  ]),
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // STYLE.md's dependency direction: UI and validation never reach the database or the services.
  {
    files: ["components/**/*.{ts,tsx}", "lib/api-client/**/*.ts", "lib/utils/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: serverOnlyModules, message: "Components may not import server-only modules." }],
        },
      ],
    },
  },
  // Arrows inside lib/ run one way: http -> auth, services -> validation; never back up.
  {
    files: ["lib/validation/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: serverOnlyModules, message: "Validation may not import server-only modules." },
            { group: ["@/lib/http/*"], message: "lib/http uses validation, not the other way round." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/auth/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/http/*", "@/lib/services/*"],
              message: "lib/auth sits below lib/http and the services.",
            },
          ],
        },
      ],
    },
  },
  // Services know nothing of the framework, and infrastructure knows nothing of the services.
  {
    files: ["lib/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*", "react", "react-dom"], message: "Services stay framework-free." },
            { group: ["@/lib/http/*"], message: "Services do not know HTTP." },
            searchEntryPoints,
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [searchEntryPoints] }] },
  },
  {
    files: [
      "lib/db/**/*.ts",
      "lib/storage/**/*.ts",
      "lib/mail/**/*.ts",
      "lib/gcode/**/*.ts",
      "lib/search/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["next", "next/*", "react", "react-dom"],
              message: "Infrastructure stays framework-free.",
            },
            {
              group: ["@/lib/services/*", "@/lib/http/*"],
              message: "Infrastructure sits below the services and HTTP.",
            },
          ],
        },
      ],
    },
  },
  // State shared across the copies of a module that one process loads (Next's bundles, the
  // server process's own bundle, the ISR handler outside both) lives on globalThis only in the
  // modules that own it: the guest pages' caches, the change feed, and the few registries they
  // drive (the pool, the short-lived caches, the listed indexes). Anywhere else it would be state
  // that no change reaches (docs/ARCHITECTURE.md, "Caches on the request path").
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    ignores: [
      "lib/guest-pages/**",
      "lib/change-feed/**",
      "lib/db/client.ts",
      "lib/cache/ttl-cache.ts",
      "lib/search/listed-index-sync.ts",
      // The browser's zod settings, before any page code runs.
      "instrumentation-client.ts",
    ],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "globalThis",
          message:
            "State on globalThis lives in lib/guest-pages and lib/change-feed (see eslint.config.mjs).",
        },
      ],
    },
  },
]);
