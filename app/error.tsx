"use client";

import { ErrorView } from "@/components/layout/error-view";
import { SiteLogo } from "@/components/layout/site-logo";

export default function ErrorPage({ error, reset }: { error: unknown; reset: () => void }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-b border-line bg-surface px-4 sm:px-6 lg:px-8">
        <SiteLogo />
      </header>
      <main className="flex flex-1 items-center justify-center">
        <ErrorView error={error} reset={reset} />
      </main>
    </div>
  );
}
