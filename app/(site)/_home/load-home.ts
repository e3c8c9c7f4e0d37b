import type { HomeViewProps } from "@/components/home/home-view";
import type { Filters } from "@/components/home/filter-params";
import { listBrands } from "@/lib/services/catalogue/list-brands";
import { listPosts } from "@/lib/services/posts/list-posts";
import { listCategories } from "@/lib/services/taxonomy/list-categories";
import { listPartners } from "@/lib/services/taxonomy/list-partners";
import type { Actor } from "@/lib/auth/actor";
import {
  FEATURED_COUNT,
  type ListPostsFilters,
  listPostsQuerySchema,
  PAGE_SIZE,
  type PostList,
} from "@/lib/validation/posts";

const BRAND_FALLBACK = { name: "Onefinity CNC", link: "https://www.onefinitycnc.com" };

/** 'Featured Designs' is page 1, limit 5 of the unfiltered listing: the top results' head when unfiltered. */
async function featuredPosts(actor: Actor | null, filters: ListPostsFilters, firstPage: Promise<PostList>) {
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  if (!hasFilters) return (await firstPage).posts.slice(0, FEATURED_COUNT);
  return (await listPosts({ actor, filters: {}, page: 1, limit: FEATURED_COUNT })).posts;
}

/**
 * Everything the home page shows, for one viewer and one set of filters: the per-request page
 * (app/(site)/page.tsx) and the cached guest page (app/(guest), ADR 007, actor null, no filters).
 */
export async function loadHome({
  actor,
  filters,
}: {
  actor: Actor | null;
  filters: Filters;
}): Promise<HomeViewProps> {
  // Malformed filter values in a hand-edited URL are ignored rather than failing the page.
  const parsed = listPostsQuerySchema.safeParse({ ...filters, page: 1, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : listPostsQuerySchema.parse({});
  const { page: _page, limit: _limit, ...listFilters } = query;

  const firstPage = listPosts({ actor, filters: listFilters, page: 1, limit: PAGE_SIZE });
  const featured = featuredPosts(actor, listFilters, firstPage);
  // Both listings stream in behind their skeletons (same response, so the HTML holds page 1);
  // a rejection surfaces through the Suspense boundary that awaits it.
  firstPage.catch(() => undefined);
  featured.catch(() => undefined);
  const [categories, partners, brands] = await Promise.all([
    listCategories({ type: "post" }),
    listPartners(),
    listBrands(),
  ]);
  const brand = brands[0]
    ? { name: brands[0].name, link: brands[0].link ?? BRAND_FALLBACK.link }
    : BRAND_FALLBACK;

  return {
    filters,
    gridQuery: parsed.success ? filters : {},
    categories,
    partners: partners.map((partner) => ({ name: partner.name, userId: partner.user._id })),
    brand,
    featured,
    firstPage,
  };
}
