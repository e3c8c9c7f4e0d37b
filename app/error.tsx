"use client";

import dynamic from "next/dynamic";

/*
 * The error screen's code loads when an error happens, not with every page's first load.
 * Should that load fail too (a deploy replaced the scripts), the error reaches
 * app/global-error.tsx, which is loaded with the page.
 */
const ErrorScreen = dynamic(
  () => import("@/components/layout/error-screen").then((module) => module.ErrorScreen),
  {
    loading: () => (
      <p role="status" className="px-4 py-16 text-center text-ink-muted">
        Something went wrong. Loading…
      </p>
    ),
  },
);

export default function ErrorPage({ error, reset }: { error: unknown; reset: () => void }) {
  return <ErrorScreen error={error} reset={reset} />;
}
