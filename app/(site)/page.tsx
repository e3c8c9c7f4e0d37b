import { Suspense } from "react";
import { FeaturedCarousel, FeaturedCarouselSkeleton } from "@/components/home/featured-carousel";
import { FilterBar } from "@/components/home/filter-bar";
import { readFilters } from "@/components/home/filter-params";
import { Container } from "@/components/layout/container";
import { PostGrid, PostGridSkeleton } from "@/components/posts/post-grid";
import { SearchBox } from "@/components/search/search-box";
import { ExternalLinkIcon } from "@/components/ui/icons";
import { getCurrentActor } from "@/lib/auth/current-actor";
import { listBrands } from "@/lib/services/catalogue/list-brands";
import { listPosts } from "@/lib/services/posts/list-posts";
import { listCategories } from "@/lib/services/taxonomy/list-categories";
import { listPartners } from "@/lib/services/taxonomy/list-partners";
import type { Actor } from "@/lib/services/users/find-actor";
import {
  FEATURED_COUNT,
  type ListPostsFilters,
  listPostsQuerySchema,
  PAGE_SIZE,
  type PostList,
  type PostSummary,
} from "@/lib/validation/posts";

// Rendered per request: the listing changes all the time and the build has no database.
export const dynamic = "force-dynamic";

const BRAND_FALLBACK = { name: "Onefinity CNC", link: "https://www.onefinitycnc.com" };

/** 'Featured Designs' is page 1, limit 5 of the unfiltered listing: the top results' head when unfiltered. */
async function featuredPosts(actor: Actor | null, filters: ListPostsFilters, firstPage: Promise<PostList>) {
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  if (!hasFilters) return (await firstPage).posts.slice(0, FEATURED_COUNT);
  return (await listPosts({ actor, filters: {}, page: 1, limit: FEATURED_COUNT })).posts;
}

async function FeaturedSection({ posts }: { posts: Promise<PostSummary[]> }) {
  return <FeaturedCarousel posts={await posts} />;
}

async function TopResultsSection({
  firstPage,
  query,
}: {
  firstPage: Promise<PostList>;
  query: Record<string, string | undefined>;
}) {
  const { posts } = await firstPage;
  return <PostGrid key={JSON.stringify(query)} initialPosts={posts} query={query} />;
}

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = readFilters(await searchParams);
  // Malformed filter values in a hand-edited URL are ignored rather than failing the page.
  const parsed = listPostsQuerySchema.safeParse({ ...filters, page: 1, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : listPostsQuerySchema.parse({});
  const { page: _page, limit: _limit, ...listFilters } = query;

  const actor = await getCurrentActor();
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
  const gridQuery: Record<string, string | undefined> = parsed.success ? filters : {};

  return (
    <Container className="space-y-10 py-6 sm:py-8">
      <SearchBox className="md:hidden" />

      <section aria-labelledby="featured-heading" className="space-y-4">
        <h2 id="featured-heading" className="text-2xl font-bold tracking-tight text-ink">
          Featured Designs
        </h2>
        <Suspense fallback={<FeaturedCarouselSkeleton />}>
          <FeaturedSection posts={featured} />
        </Suspense>
      </section>

      <a
        href={brand.link}
        target="_blank"
        rel="noopener noreferrer"
        className="flex flex-col items-start justify-between gap-3 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-6 text-white shadow-card sm:flex-row sm:items-center"
      >
        <span>
          <span className="block text-lg font-bold">Built for {brand.name} makers</span>
          <span className="block text-sm text-white/85">
            Machines, upgrades and accessories on the {brand.name} website.
          </span>
        </span>
        <span className="inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-semibold">
          Visit {brand.name} <ExternalLinkIcon className="size-4" />
        </span>
      </a>

      <FilterBar
        filters={filters}
        categories={categories}
        partners={partners.map((partner) => ({ name: partner.name, userId: partner.user._id }))}
        brandName={brand.name}
      />

      <section aria-labelledby="top-results-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="top-results-heading" className="text-2xl font-bold tracking-tight text-ink">
            Top Results
          </h2>
          <SearchBox className="hidden max-w-md md:block" />
        </div>
        <Suspense key={JSON.stringify(gridQuery)} fallback={<PostGridSkeleton />}>
          <TopResultsSection firstPage={firstPage} query={gridQuery} />
        </Suspense>
      </section>
    </Container>
  );
}
