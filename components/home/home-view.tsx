import { Suspense } from "react";
import { Container } from "@/components/layout/container";
import { PostGrid, PostGridSkeleton } from "@/components/posts/post-grid";
import { SearchBox } from "@/components/search/search-box";
import { ExternalLinkIcon } from "@/components/ui/icons";
import type { PostList, PostSummary } from "@/lib/validation/posts";
import { FeaturedCarousel, FeaturedCarouselSkeleton } from "./featured-carousel";
import { FilterBar } from "./filter-bar";
import type { Filters } from "./filter-params";

export interface HomeViewProps {
  /** The filters of the URL, as the filter bar shows them. */
  filters: Filters;
  /** What the grid asks for its next pages: the filters, or none when they did not parse. */
  gridQuery: Record<string, string | undefined>;
  categories: { name: string }[];
  partners: { name: string; userId: string }[];
  brand: { name: string; link: string };
  /** Both listings stream in behind their skeletons; a rejection reaches the nearest error boundary. */
  featured: Promise<PostSummary[]>;
  firstPage: Promise<PostList>;
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

/**
 * The home page's content. The per-request page (app/(site)/page.tsx) and the cached guest page
 * (app/(guest), ADR 007) both render it from the same loader, so they cannot drift apart.
 */
export function HomeView({
  filters,
  gridQuery,
  categories,
  partners,
  brand,
  featured,
  firstPage,
}: HomeViewProps) {
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

      <FilterBar filters={filters} categories={categories} partners={partners} brandName={brand.name} />

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
