import "server-only";
import { countSitemapEntries, listSitemapProfiles, listSitemapProjects } from "./list-sitemap-entries";
import { absoluteUrl } from "./site-url";
import {
  isListedSitemapFile,
  parseSitemapFileName,
  SITEMAP_CHILD_PREFIX,
  SITEMAP_PAGE_SIZE,
  sitemapFileName,
  sitemapFiles,
} from "./sitemap-files";
import { renderSitemapIndex, renderUrlSet, type SitemapEntry } from "./sitemap-xml";

/** The indexable pages that are neither a project nor a profile. */
export const STATIC_SITEMAP_PATHS = ["/", "/signup", "/privacyPolicy", "/viewer"] as const;

/** `/sitemap.xml`: the index of every child sitemap. */
export async function buildSitemapIndex(): Promise<string> {
  const files = sitemapFiles(await countSitemapEntries());
  return renderSitemapIndex(
    files.map((file) => ({ loc: absoluteUrl(`${SITEMAP_CHILD_PREFIX}${sitemapFileName(file)}`) })),
  );
}

/** `/sitemaps/{name}`: one child sitemap, or null when the index does not list that name. */
export async function buildSitemapFile(name: string): Promise<string | null> {
  const file = parseSitemapFileName(name);
  if (!file) return null;
  if (file.kind === "pages")
    return renderUrlSet(STATIC_SITEMAP_PATHS.map((path) => ({ loc: absoluteUrl(path) })));
  if (!isListedSitemapFile(file, await countSitemapEntries())) return null;
  const entries: SitemapEntry[] =
    file.kind === "projects"
      ? (await listSitemapProjects(file.page, SITEMAP_PAGE_SIZE)).map((row) => ({
          loc: absoluteUrl(`/model/${row.id}`),
          lastmod: row.lastmod,
        }))
      : (await listSitemapProfiles(file.page, SITEMAP_PAGE_SIZE)).map((row) => ({
          loc: absoluteUrl(`/${encodeURIComponent(row.username)}`),
          lastmod: row.lastmod,
        }));
  return renderUrlSet(entries);
}
