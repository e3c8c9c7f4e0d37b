import { cachedSitemapFile } from "@/lib/cache/sitemap-cache";
import { buildSitemapIndex } from "@/lib/services/seo/build-sitemap";
import { sitemapResponse } from "../sitemaps/sitemap-response";

// GET /sitemap.xml: the sitemap index, listing the child sitemaps under /sitemaps/.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return sitemapResponse(await cachedSitemapFile("index", buildSitemapIndex));
}
