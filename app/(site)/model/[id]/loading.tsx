import { Container } from "@/components/layout/container";
import { Spinner } from "@/components/ui/spinner";

/** Shown while a project loads on client navigation (the spec's 'Just a moment!' screen). */
export default function ProjectLoading() {
  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center gap-3 py-16 text-center">
      <Spinner size="lg" label={null} />
      <h1 className="text-xl font-semibold text-ink">Just a moment!</h1>
      <p className="text-sm text-ink-muted">Loading the project…</p>
    </Container>
  );
}
