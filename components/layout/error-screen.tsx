"use client";

import { ErrorView, type ErrorViewProps } from "./error-view";
import { SiteLogo } from "./site-logo";

/** The page-level error screen (app/error.tsx): the logo over the error view. */
export function ErrorScreen(props: ErrorViewProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-b border-line bg-surface px-4 sm:px-6 lg:px-8">
        <SiteLogo />
      </header>
      <main className="flex flex-1 items-center justify-center">
        <ErrorView {...props} />
      </main>
    </div>
  );
}
