"use client";

import { useEffect } from "react";
import { buttonClasses } from "@/components/ui/button";

export type ErrorViewProps = {
  error: unknown;
  /** The error boundary's reset; 'Refresh Page' calls it and then reloads. */
  reset: () => void;
};

/**
 * The error boundary screen: 'Oops! Tiny hiccup' with Refresh Page and Go to Homepage. Plain
 * markup without the icon set: app/global-error.tsx loads it with every page.
 */
export function ErrorView({ error, reset }: ErrorViewProps) {
  useEffect(() => {
    // Stand-in for the error-reporting service the spec mentions.
    console.error(error);
  }, [error]);

  const digest =
    error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24">
      <div
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-3xl font-bold text-amber-700"
      >
        !
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Oops! Tiny hiccup</h1>
      <p className="mt-3 max-w-md text-ink-muted">
        Something went wrong on our side. Our team has been notified and is looking into it. Please try again
        in a moment.
      </p>
      {digest ? <p className="mt-2 font-mono text-xs text-ink-subtle">Reference: {digest}</p> : null}
      <div className="mt-8 flex w-full max-w-xs flex-col gap-3 sm:max-w-none sm:w-auto sm:flex-row">
        <button
          type="button"
          className={buttonClasses({ size: "lg" })}
          onClick={() => {
            reset();
            window.location.reload();
          }}
        >
          Refresh Page
        </button>
        {/* A full navigation, so the home page also recovers when the error happened there. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a reload is the point */}
        <a href="/" className={buttonClasses({ size: "lg", variant: "secondary" })}>
          Go to Homepage
        </a>
      </div>
    </div>
  );
}
