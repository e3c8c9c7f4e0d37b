import "server-only";
import { env } from "@/lib/env";
import { TtlCache } from "./ttl-cache";

/**
 * The sitemap files of this process (`/sitemap.xml` and `/sitemaps/*`), each kept until a post,
 * user or catalogue change reaches this process through the change feed (which empties every
 * TtlCache, ADR 025) or for SITEMAP_CACHE_SECONDS at most; never while the feed is down.
 * Concurrent misses of one file share one build.
 */
const files = new TtlCache<string | null>({
  ttlMs: () => env().SITEMAP_CACHE_SECONDS * 1000,
  // The index, the pages file and the project and profile files of a very large site.
  maxEntries: 256,
});

export function cachedSitemapFile(name: string, build: () => Promise<string | null>): Promise<string | null> {
  return files.get(name, build);
}
