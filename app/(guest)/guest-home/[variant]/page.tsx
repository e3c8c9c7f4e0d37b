import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadHome } from "@/app/(site)/_home/load-home";
import { HomeView } from "@/components/home/home-view";
import { GUEST_HOME_VARIANT } from "@/lib/guest-pages/paths";

/**
 * The home page as every signed-out visitor without filters sees it, served from Next's ISR cache
 * (ADR 007): proxy.ts marks such a request for `/` and next.config.ts rewrites it here. No path is
 * rendered at build time (the build has no database): the first request renders it, later ones
 * get the cached page, and a request more than `revalidate` seconds after the last render
 * triggers a background re-render.
 */
export const revalidate = 10;
export const dynamicParams = true;

export const metadata: Metadata = { alternates: { canonical: "/" } };

export function generateStaticParams(): { variant: string }[] {
  return [];
}

export default async function GuestHomePage({ params }: { params: Promise<{ variant: string }> }) {
  const { variant } = await params;
  if (variant !== GUEST_HOME_VARIANT) notFound();
  return <HomeView {...await loadHome({ actor: null, filters: {} })} />;
}
