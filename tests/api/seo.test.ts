import { readFileSync } from "node:fs";
import path from "node:path";
import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor, { type ExtractedData } from "@marbec/web-auto-extractor";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { postRemixes, posts } from "@/lib/db/schema";
import { createUser, testDb, unique } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser, createMakeRow, createProject } from "../support/factories-project";
import { api } from "../support/http";

/**
 * Search engines and crawlers: robots.txt, the sitemap index and its child sitemaps, the icons and
 * the manifest, real 404s, canonical addresses and descriptions, and the pages' structured data
 * checked by @adobe/structured-data-validator against the schema.org vocabulary shipped in
 * tests/support/schema-org (no network).
 */
const baseUrl = () => inject("baseUrl");
const vocabulary: unknown = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, "../support/schema-org/schemaorg-current-https.min.json"),
    "utf8",
  ),
);

async function page(pathname: string) {
  const { status, headers, body } = await api<string>(pathname, { headers: { accept: "text/html" } });
  return { status, headers, html: body };
}

async function structuredData(html: string): Promise<{ data: ExtractedData; issues: ValidationIssue[] }> {
  const data = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  // The validator consumes (deletes @location from) what it reads: give it a copy.
  const issues = await new Validator(vocabulary).validate(structuredClone(data));
  return { data, issues };
}

function jsonLdOf(data: ExtractedData, type: string): Record<string, unknown> {
  const [item] = data.jsonld[type] ?? [];
  expect(item, `a ${type} in the page's JSON-LD`).toBeDefined();
  return item!;
}

function describeIssues(issues: ValidationIssue[]): string[] {
  return issues.map((issue) => `${issue.severity}: ${issue.issueMessage} (${JSON.stringify(issue.path)})`);
}

const metaContent = (html: string, name: string) =>
  new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
/** The canonical address, normalised (Next writes the origin's own address without its slash). */
const canonicalOf = (html: string) => {
  const href = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return href === undefined ? undefined : new URL(href).href;
};

async function sitemapLocs(pathname: string): Promise<{ locs: string[]; xml: string }> {
  const { status, headers, body } = await api<string>(pathname);
  expect(status).toBe(200);
  expect(headers.get("content-type")).toBe("application/xml; charset=utf-8");
  return { locs: [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!), xml: body };
}

describe("GET /robots.txt", () => {
  it("is plain text that opens the public pages, closes the API, wizard, staff and account pages, and names the sitemap", async () => {
    const { status, headers, body } = await api<string>("/robots.txt");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const closed of ["/api/", "/project/", "/admin/", "/changePassword", "/resetPassword"]) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    for (const open of ["/model/", "/signup", "/privacyPolicy", "/"])
      expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});

describe("GET /sitemap.xml and /sitemaps/{file}", () => {
  it("indexes the static pages, the projects' and the profiles' child sitemaps by absolute address", async () => {
    await createListedPost();
    const { locs, xml } = await sitemapLocs("/sitemap.xml");
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs).toEqual(
      expect.arrayContaining([
        `${baseUrl()}/sitemaps/pages.xml`,
        `${baseUrl()}/sitemaps/projects-1.xml`,
        `${baseUrl()}/sitemaps/profiles-1.xml`,
      ]),
    );
    for (const loc of locs) expect((await api(new URL(loc).pathname)).status).toBe(200);
  });

  it("lists public projects with their last change, never drafts, pending, rejected or unlisted ones", async () => {
    const author = await createUser();
    const listed = await createListedPost({ userId: author.id });
    const changedAt = new Date("2026-03-04T05:06:07.891Z");
    await testDb().update(posts).set({ updatedAt: changedAt }).where(eq(posts.id, listed.id));
    const hidden = await Promise.all(
      (["draft", "private", "unlisted"] as const).map((visibility) =>
        createListedPost({ userId: author.id, visibility }),
      ),
    );
    const { locs, xml } = await sitemapLocs("/sitemaps/projects-1.xml");
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      `<url><loc>${baseUrl()}/model/${listed.id}</loc><lastmod>2026-03-04T05:06:07Z</lastmod></url>`,
    );
    for (const post of hidden) expect(locs).not.toContain(`${baseUrl()}/model/${post.id}`);
  });

  it("lists the profiles of authors of public projects, and no one whose projects are all hidden", async () => {
    const author = await createUser();
    await createListedPost({ userId: author.id });
    const hiddenAuthor = await createUser();
    await createListedPost({ userId: hiddenAuthor.id, visibility: "draft" });
    await createListedPost({ userId: hiddenAuthor.id, visibility: "private" });
    const { locs } = await sitemapLocs("/sitemaps/profiles-1.xml");
    expect(locs).toContain(`${baseUrl()}/${author.username}`);
    expect(locs).not.toContain(`${baseUrl()}/${hiddenAuthor.username}`);
  });

  it("lists the static pages", async () => {
    const { locs } = await sitemapLocs("/sitemaps/pages.xml");
    expect(locs).toEqual([
      `${baseUrl()}/`,
      `${baseUrl()}/signup`,
      `${baseUrl()}/privacyPolicy`,
      `${baseUrl()}/viewer`,
    ]);
  });

  it("answers 404 for a file the index does not list", async () => {
    for (const name of [
      "projects-999.xml",
      "profiles-999.xml",
      "projects-0.xml",
      "posts-1.xml",
      "pages.xml.gz",
    ]) {
      const { status, headers } = await api(`/sitemaps/${name}`);
      expect(status, name).toBe(404);
      expect(headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("icons and the web app manifest", () => {
  it("serves the favicon (ico and svg), the apple-touch icon and the manifest's icons", async () => {
    const files = {
      "/favicon.ico": ["image/x-icon", "image/vnd.microsoft.icon"],
      "/icon.svg": ["image/svg+xml"],
      "/apple-touch-icon.png": ["image/png"],
      "/icon-192.png": ["image/png"],
      "/icon-512.png": ["image/png"],
      "/icon-maskable-512.png": ["image/png"],
    };
    for (const [file, types] of Object.entries(files)) {
      const response = await fetch(`${baseUrl()}${file}`);
      expect(response.status, file).toBe(200);
      expect(types, file).toContain(response.headers.get("content-type")?.split(";")[0]);
    }
  });

  it("names the site, its icons and its theme colour in /manifest.webmanifest", async () => {
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe("CNC Projects");
    expect(manifest.theme_color).toBe("#136f6a");
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
  });

  it("links the icons and the manifest from every page", async () => {
    const { html } = await page("/signup");
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48"');
    expect(html).toContain('<link rel="icon" href="/icon.svg" type="image/svg+xml"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180"');
  });
});

describe("unknown addresses answer 404 with the not-found page", () => {
  it("an unknown profile, a reserved or file-like name, and a deeper unknown path", async () => {
    for (const pathname of [
      "/nosuchuser12345",
      `/${unique("nobody_")}`,
      "/humans.txt",
      "/apple-touch-icon-precomposed.png",
      "/sitemaps",
      "/no/such/path",
    ]) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(404);
      expect(html, pathname).toContain("Oops! Page not found");
      expect(html, pathname).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it("a missing project, or an id that cannot be a post's, signed out or in", async () => {
    const member = await asUser((await createUser()).id);
    for (const pathname of [
      "/model/00000000-0000-4000-8000-000000000000",
      "/model/not-a-uuid",
      "/model/123",
      "/model/x.png",
      "/model/thumbnail.webp",
      "/model/00000000-0000-4000-8000-000000000000.json",
    ]) {
      for (const cookie of [undefined, new Headers(member.headers).get("cookie") ?? undefined]) {
        const headers = { accept: "text/html", ...(cookie ? { cookie } : {}) };
        const response = await api<string>(pathname, { headers });
        expect(response.status, pathname).toBe(404);
        expect(response.body, pathname).toContain("Oops! Page not found");
      }
    }
  });

  it("while a real profile, in any letter case, answers 200", async () => {
    const user = await createUser();
    expect((await page(`/${user.username}`)).status).toBe(200);
    expect((await page(`/${user.username.toUpperCase()}`)).status).toBe(200);
  });
});

describe("descriptions and canonical addresses of the indexable pages", () => {
  it("home, sign-up, the privacy policy and the previewer", async () => {
    for (const pathname of ["/", "/signup", "/privacyPolicy", "/viewer"]) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(metaContent(html, "description"), pathname).toBeTruthy();
      expect(canonicalOf(html), pathname).toBe(`${baseUrl()}${pathname}`);
    }
    // A filtered home page is a view of `/`.
    expect(canonicalOf((await page("/?category=Signs")).html)).toBe(`${baseUrl()}/`);
  });

  it("a profile, canonical without its view parameters and in the username's own case", async () => {
    const user = await createUser();
    for (const pathname of [`/${user.username}`, `/${user.username.toUpperCase()}?view=userPosts`]) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(metaContent(html, "description")).toContain(`@${user.username}`);
      expect(canonicalOf(html)).toBe(`${baseUrl()}/${user.username}`);
    }
  });
});

describe("structured data", () => {
  it("a project page: a CreativeWork with author, dates, image, licence and the rating's bounds, and its breadcrumbs", async () => {
    const owner = await createUser();
    const { post, model } = await createProject({ userId: owner.id });
    await testDb().update(posts).set({ thumbnailId: model.id }).where(eq(posts.id, post.id));
    for (const ratings of [
      [5, 4, 3, 5],
      [4, 4, 4, 4],
    ] as const) {
      await createMakeRow(post.id, (await createUser()).id, [...ratings]);
    }
    const { status, html } = await page(`/model/${post.id}`);
    expect(status).toBe(200);
    const { data, issues } = await structuredData(html);
    expect(describeIssues(issues)).toEqual([]);

    const work = jsonLdOf(data, "CreativeWork");
    const url = `${baseUrl()}/model/${post.id}`;
    expect(work).toMatchObject({
      "@id": url,
      url,
      name: post.title,
      license: "https://creativecommons.org/licenses/by/4.0/",
      image: `${url}/thumbnail`,
      author: { "@type": "Person", name: owner.username, url: `${baseUrl()}/${owner.username}` },
      aggregateRating: { "@type": "AggregateRating", ratingCount: 2, bestRating: 5, worstRating: 1 },
    });
    expect(new Date(String(work.datePublished)).getTime()).toBe(post.createdAt.getTime());
    expect(typeof work.dateModified).toBe("string");
    const rating = work.aggregateRating as { ratingValue: number };
    expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(rating.ratingValue).toBeLessThanOrEqual(5);

    const trail = jsonLdOf(data, "BreadcrumbList").itemListElement as { position: number; item: string }[];
    expect(trail[0]).toMatchObject({ position: 1, item: `${baseUrl()}/` });
    expect(trail.at(-1)).toMatchObject({ position: trail.length, item: url });
  });

  it("a remix: isBasedOn names the public projects it is based on, and validates", async () => {
    const originalOwner = await createUser();
    const { post: original } = await createProject({ userId: originalOwner.id });
    const { post: hidden } = await createProject({ visibility: "draft" });
    const { post: remix } = await createProject();
    await testDb()
      .insert(postRemixes)
      .values([
        { postId: remix.id, basedOnPostId: original.id },
        { postId: remix.id, basedOnPostId: hidden.id },
      ]);
    const { data, issues } = await structuredData((await page(`/model/${remix.id}`)).html);
    expect(describeIssues(issues)).toEqual([]);
    const originalUrl = `${baseUrl()}/model/${original.id}`;
    expect(jsonLdOf(data, "CreativeWork").isBasedOn).toEqual([
      {
        "@type": "CreativeWork",
        "@id": originalUrl,
        url: originalUrl,
        name: original.title,
        author: {
          "@type": "Person",
          name: originalOwner.username,
          url: `${baseUrl()}/${originalOwner.username}`,
        },
      },
    ]);
  });

  it("a project without rated makes has no aggregateRating", async () => {
    const { post } = await createProject();
    await createMakeRow(post.id, (await createUser()).id, null);
    const { data, issues } = await structuredData((await page(`/model/${post.id}`)).html);
    expect(describeIssues(issues)).toEqual([]);
    expect(jsonLdOf(data, "CreativeWork").aggregateRating).toBeUndefined();
  });

  it("a profile: a ProfilePage about a Person, with breadcrumbs, and no field the member hides", async () => {
    const user = await createUser({ firstname: "Ada", lastname: "Lovelace", privacyLastname: false });
    await createListedPost({ userId: user.id });
    const { data, issues } = await structuredData((await page(`/${user.username}`)).html);
    expect(describeIssues(issues)).toEqual([]);
    const url = `${baseUrl()}/${user.username}`;
    const profile = jsonLdOf(data, "ProfilePage");
    expect(profile).toMatchObject({
      url,
      mainEntity: { "@type": "Person", name: "Ada", alternateName: `@${user.username}`, url },
    });
    expect(JSON.stringify(profile)).not.toContain("Lovelace");
    const trail = jsonLdOf(data, "BreadcrumbList").itemListElement as { item: string }[];
    expect(trail.map((crumb) => crumb.item)).toEqual([`${baseUrl()}/`, url]);
  });

  it("the validator finds faults: a breadcrumb of one item and an unknown property are reported", async () => {
    // Proves the check is live: the same validator and vocabulary on a broken page.
    const broken = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [{ "@type": "ListItem", position: 1, name: "Home", item: "https://x.test/" }],
      colour: "teal",
    })}</script></head><body></body></html>`;
    const messages = describeIssues((await structuredData(broken)).issues).join("\n");
    expect(messages).toContain("At least two ListItems are required");
    expect(messages).toContain('Property "colour" for type "BreadcrumbList" is not supported');
  });
});
