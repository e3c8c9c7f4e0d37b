import type { Metadata } from "next";
import { HomeView } from "@/components/home/home-view";
import { readFilters } from "@/components/home/filter-params";
import { getCurrentActor } from "@/lib/auth/current-actor";
import { loadHome } from "./_home/load-home";

/**
 * Rendered per request: signed-in visitors (their likes and bookmarks) and filtered URLs. A
 * signed-out visitor's unfiltered `/` goes to the cached guest page instead (ADR 007).
 */
export const dynamic = "force-dynamic";

/** Filtered addresses are views of this one page: search engines index `/`. */
export const metadata: Metadata = { alternates: { canonical: "/" } };

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = readFilters(await searchParams);
  const actor = await getCurrentActor();
  return <HomeView {...await loadHome({ actor, filters })} />;
}
