"use client";

import { ErrorView } from "@/components/layout/error-view";
import "./globals.css";

/** Replaces the root layout when it fails, so it brings its own document and styles. */
export default function GlobalError({ error, reset }: { error: unknown; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-canvas font-sans text-ink antialiased">
        <title>Oops! Tiny hiccup · CNC Projects</title>
        <main className="flex min-h-dvh items-center justify-center">
          <ErrorView error={error} reset={reset} />
        </main>
      </body>
    </html>
  );
}
