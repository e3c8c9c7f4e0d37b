/**
 * The sitemap's files: `/sitemap.xml` is an index of child sitemaps under `/sitemaps/`, one for the
 * static pages and as many as needed for projects and for profiles, each of at most
 * SITEMAP_PAGE_SIZE addresses (the sitemaps.org limit is 50,000 per file). Pure, so the split is
 * unit-tested with a small page size.
 */
export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export const SITEMAP_CHILD_PREFIX = "/sitemaps/";
export const SITEMAP_PAGE_SIZE = 50_000;

export type SitemapFile = { kind: "pages" } | { kind: "projects" | "profiles"; page: number };

export interface SitemapCounts {
  projects: number;
  profiles: number;
}

/** How many files of `pageSize` addresses hold `count` addresses (none for none). */
export function sitemapPageCount(count: number, pageSize = SITEMAP_PAGE_SIZE): number {
  return Math.ceil(Math.max(0, count) / pageSize);
}

/** Every child sitemap of the index, in order: the static pages, the projects', the profiles'. */
export function sitemapFiles(counts: SitemapCounts, pageSize = SITEMAP_PAGE_SIZE): SitemapFile[] {
  const pages = (kind: "projects" | "profiles", count: number): SitemapFile[] =>
    Array.from({ length: sitemapPageCount(count, pageSize) }, (_, index) => ({ kind, page: index + 1 }));
  return [{ kind: "pages" }, ...pages("projects", counts.projects), ...pages("profiles", counts.profiles)];
}

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === "pages" ? "pages.xml" : `${file.kind}-${file.page}.xml`;
}

const CHILD_NAME = /^(projects|profiles)-([1-9][0-9]{0,8})\.xml$/;

/** The file a name under /sitemaps/ names, or null for any other name (a 404). */
export function parseSitemapFileName(name: string): SitemapFile | null {
  if (name === "pages.xml") return { kind: "pages" };
  const match = CHILD_NAME.exec(name);
  if (!match) return null;
  return { kind: match[1] as "projects" | "profiles", page: Number(match[2]) };
}

/** Whether the index lists this file, i.e. whether it exists. */
export function isListedSitemapFile(file: SitemapFile, counts: SitemapCounts, pageSize = SITEMAP_PAGE_SIZE) {
  if (file.kind === "pages") return true;
  return file.page <= sitemapPageCount(counts[file.kind], pageSize);
}
