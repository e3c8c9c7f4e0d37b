import type { NextConfig } from "next";
import { GUEST_HOME_HEADER, GUEST_HOME_PATH } from "./app/(guest)/guest-home/guest-home-path";

const nextConfig: NextConfig = {
  // Separate build folders let several checkouts' tasks build side by side (tests use NEXT_DIST_DIR too).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The Docker image runs the standalone server; `npm start` uses `next start`, which refuses it.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  agentRules: false,
  poweredByHeader: false,
  // Only cached pages get an ETag, and the one cached page (ADR 007) is sent with no-store, so no
  // browser ever revalidates with it; hashing its 170 kB on every hit cost a tenth of the CPU.
  generateEtags: false,
  // ISR pages (only the guest home page, ADR 007) may be served stale while they re-render, but
  // never older than this: a page idle for longer is re-rendered before it is sent, so the
  // thumbnail URLs in it (at least 45 minutes of validity when rendered) never have run out.
  // Default: a year.
  expireTime: 300,
  allowedDevOrigins: ["127.0.0.1"],
  // A signed-out visitor's unfiltered `/`, as marked by proxy.ts, is served by the cached guest
  // page (ADR 007). The rewrite lives here rather than in the proxy: Next 16.4 sends a proxy
  // rewrite through an HTTP round trip to itself when started with `-H 127.0.0.1`, as `npm start`
  // and the tests do (vercel/next.js#94745), while a config rewrite always stays in the process.
  async rewrites() {
    return {
      beforeFiles: [
        { source: "/", has: [{ type: "header", key: GUEST_HOME_HEADER }], destination: GUEST_HOME_PATH },
      ],
    };
  },
  // Baseline security headers on every path, static assets included (issue 19). Pages get their
  // nonce-based CSP and HSTS from proxy.ts, API answers theirs from route() (lib/http/security-headers.ts).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "sharp", "@node-rs/argon2"],
  // Only for several engineers building one working tree at once; CI type-checks with `npm run typecheck`.
  typescript: { ignoreBuildErrors: process.env.NEXT_IGNORE_TYPE_ERRORS === "1" },
  images: { formats: ["image/avif", "image/webp"] },
  experimental: {
    // The ISR cache stays in each server process's memory (ADR 007). On disk it would be one set
    // of files rewritten every few seconds by every worker sharing the build (scripts/lib/serve.ts),
    // in a directory the Docker image's `node` user cannot write.
    isrFlushToDisk: false,
  },
};

export default nextConfig;
