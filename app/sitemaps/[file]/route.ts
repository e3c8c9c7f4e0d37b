import { cachedSitemapFile } from "@/lib/cache/sitemap-cache";
import { buildSitemapFile } from "@/lib/services/seo/build-sitemap";
import { sitemapResponse } from "../sitemap-response";

// GET /sitemaps/{file}: one child sitemap (pages.xml, projects-N.xml, profiles-N.xml); any other name is a 404.
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ file: string }> },
): Promise<Response> {
  const { file } = await params;
  return sitemapResponse(await cachedSitemapFile(file, () => buildSitemapFile(file)));
}
