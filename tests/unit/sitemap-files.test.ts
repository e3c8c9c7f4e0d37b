import { describe, expect, it } from "vitest";
import {
  isListedSitemapFile,
  parseSitemapFileName,
  SITEMAP_PAGE_SIZE,
  sitemapFileName,
  sitemapFiles,
  sitemapPageCount,
} from "@/lib/services/seo/sitemap-files";
import { escapeXml, renderSitemapIndex, renderUrlSet } from "@/lib/services/seo/sitemap-xml";

const names = (counts: { projects: number; profiles: number }, pageSize: number) =>
  sitemapFiles(counts, pageSize).map(sitemapFileName);

describe("the sitemap's split into child files", () => {
  it("keeps each child at most 50,000 addresses, as sitemaps.org allows", () => {
    expect(SITEMAP_PAGE_SIZE).toBe(50_000);
    expect(sitemapPageCount(100_000)).toBe(2);
    expect(sitemapPageCount(100_001)).toBe(3);
  });

  it("makes one file per started page of each kind, after the static pages", () => {
    expect(names({ projects: 0, profiles: 0 }, 3)).toEqual(["pages.xml"]);
    expect(names({ projects: 1, profiles: 1 }, 3)).toEqual(["pages.xml", "projects-1.xml", "profiles-1.xml"]);
    expect(names({ projects: 3, profiles: 4 }, 3)).toEqual([
      "pages.xml",
      "projects-1.xml",
      "profiles-1.xml",
      "profiles-2.xml",
    ]);
    expect(names({ projects: 7, profiles: 0 }, 3)).toEqual([
      "pages.xml",
      "projects-1.xml",
      "projects-2.xml",
      "projects-3.xml",
    ]);
  });

  it("reads back every name it makes, and lists exactly the files that exist", () => {
    const counts = { projects: 7, profiles: 4 };
    for (const file of sitemapFiles(counts, 3)) {
      expect(parseSitemapFileName(sitemapFileName(file))).toEqual(file);
      expect(isListedSitemapFile(file, counts, 3)).toBe(true);
    }
    expect(isListedSitemapFile({ kind: "projects", page: 4 }, counts, 3)).toBe(false);
    expect(isListedSitemapFile({ kind: "profiles", page: 3 }, counts, 3)).toBe(false);
  });

  it("refuses any other name", () => {
    for (const name of [
      "projects-0.xml",
      "projects-01.xml",
      "projects-1",
      "posts-1.xml",
      "../pages.xml",
      "pages.xml.gz",
      "profiles--1.xml",
      "projects-1234567890.xml",
    ]) {
      expect(parseSitemapFileName(name)).toBeNull();
    }
  });
});

describe("the sitemap XML", () => {
  it("escapes addresses and writes lastmod only when known", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const xml = renderUrlSet([
      { loc: "https://x.test/a?b=1&c=2", lastmod: "2026-01-02T03:04:05Z" },
      { loc: "https://x.test/" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<url><loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://x.test/</loc></url>");
    expect(renderSitemapIndex([{ loc: "https://x.test/sitemaps/pages.xml" }])).toContain(
      "<sitemap><loc>https://x.test/sitemaps/pages.xml</loc></sitemap>",
    );
  });
});
