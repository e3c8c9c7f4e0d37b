import path from "node:path";
import type { NextConfig } from "next";
import { GUEST_HOME_PATH, GUEST_MODEL_PREFIX, GUEST_PAGE_HEADER } from "./lib/guest-pages/paths";

const guestPage = [{ type: "header" as const, key: GUEST_PAGE_HEADER }];

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
  // ISR pages (the guest home and project pages, ADR 007 and 017) may be served stale while they re-render, but
  // never older than this: a page idle for longer is re-rendered before it is sent, so the
  // thumbnail URLs in it (at least 45 minutes of validity when rendered) never have run out.
  // Default: a year.
  expireTime: 300,
  allowedDevOrigins: ["127.0.0.1"],
  // Next's own redirect of a trailing slash (308 to the address without it) would also answer the
  // spec's preview call, whose address ends with one (`/api/v1/post/preview/postDetails/?postId=`)
  // and whose clients may not follow redirects. The same redirect, written here, leaves that one
  // address out: it is answered as written; every other address keeps the 308.
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [
      { source: "/:path((?!api/v1/post/preview/postDetails/$).+)/", destination: "/:path", permanent: true },
    ];
  },
  // The ISR cache: in each server process's memory (ADR 007: on disk it would be files rewritten by
  // every worker sharing the build, in a directory the Docker image's `node` user cannot write),
  // and a cached page is dropped as soon as the change feed tells of its post's change (ADR 017, 025).
  // Next runs from the project root (npm scripts, the tests, the Docker image).
  cacheHandler: path.join(process.cwd(), "lib", "guest-pages", "isr-cache-handler.mjs"),
  cacheMaxMemorySize: 0,
  // A signed-out visitor's unfiltered `/` and project pages, as marked by proxy.ts, are served by
  // the cached guest pages (ADR 007, ADR 017). The rewrites live here rather than in the proxy:
  // Next 16.4 sends a proxy rewrite through an HTTP round trip to itself when started with `-H 127.0.0.1`, as `npm start`
  // and the tests do (vercel/next.js#94745), while a config rewrite always stays in the process.
  async rewrites() {
    return {
      beforeFiles: [
        { source: "/", has: guestPage, destination: GUEST_HOME_PATH },
        { source: "/model/:id", has: guestPage, destination: `${GUEST_MODEL_PREFIX}:id` },
      ],
    };
  },
  // Baseline security headers on every path, static assets included. Pages get their
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
};

export default nextConfig;
