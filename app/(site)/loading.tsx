import { Container } from "@/components/layout/container";
import { Spinner } from "@/components/ui/spinner";

/**
 * The (site) group's fallback, shown by every page of the group that has no loading state of its
 * own, and while a route is fetched on the way to one that has (e.g. /model/{id}). It stays
 * neutral: the home page draws its own skeletons (three featured cards, a grid) behind Suspense
 * boundaries once its shell is there.
 */
export default function SiteLoading() {
  return (
    <Container className="flex min-h-[50vh] items-center justify-center py-16 text-ink-muted" aria-busy>
      <Spinner size="lg" />
    </Container>
  );
}
