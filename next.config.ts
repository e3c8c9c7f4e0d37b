import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let several checkouts' tasks build side by side (tests use NEXT_DIST_DIR too).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The Docker image runs the standalone server; `npm start` uses `next start`, which refuses it.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  agentRules: false,
  poweredByHeader: false,
  allowedDevOrigins: ["127.0.0.1"],
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "sharp", "@node-rs/argon2"],
  // Only for several engineers building one working tree at once; CI type-checks with `npm run typecheck`.
  typescript: { ignoreBuildErrors: process.env.NEXT_IGNORE_TYPE_ERRORS === "1" },
  images: { formats: ["image/avif", "image/webp"] },
};

export default nextConfig;
