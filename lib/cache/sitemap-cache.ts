import "server-only";
import { env } from "@/lib/env";

/**
 * The sitemap files of this process (`/sitemap.xml` and `/sitemaps/*`), each kept until
 * `invalidateSitemaps()` or for SITEMAP_CACHE_SECONDS at most. A write that adds, hides or changes
 * a listed project should call `invalidateSitemaps()` in every process; until something does, the
 * time limit bounds how stale a file can be. Concurrent misses of one file share one build.
 */
interface CachedFile {
  body: Promise<string | null>;
  expiresAt: number;
}

const files = new Map<string, CachedFile>();

export function cachedSitemapFile(name: string, build: () => Promise<string | null>): Promise<string | null> {
  const ttlMs = env().SITEMAP_CACHE_SECONDS * 1000;
  if (ttlMs <= 0) return build();
  const now = Date.now();
  const hit = files.get(name);
  if (hit && hit.expiresAt > now) return hit.body;
  const entry: CachedFile = { body: build(), expiresAt: now + ttlMs };
  files.set(name, entry);
  // Neither a failed build nor a missing file is kept: unknown names must not fill the map.
  const forget = () => {
    if (files.get(name) === entry) files.delete(name);
  };
  entry.body.then((body) => body ?? forget(), forget);
  return entry.body;
}

/** Forgets every cached sitemap file of this process: the next request builds it afresh. */
export function invalidateSitemaps(): void {
  files.clear();
}
