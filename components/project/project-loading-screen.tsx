"use client";

import { useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";

const MESSAGES = [
  "Sharpening the end mills…",
  "Homing the axes…",
  "Loading the toolpaths…",
  "Clearing the sawdust…",
  "Measuring twice, cutting once…",
] as const;

/** The spec's rotation: one message every 3000 ms. */
export const LOADING_MESSAGE_INTERVAL_MS = 3000;

/** 'Just a moment!' with a rotating message, shown while a project loads. */
export function ProjectLoadingScreen() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % MESSAGES.length),
      LOADING_MESSAGE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 py-16 text-center"
      aria-busy="true"
    >
      <Spinner size="lg" label={null} className="text-brand-600" />
      <h1 className="text-xl font-semibold text-ink">Just a moment!</h1>
      <p className="text-sm text-ink-muted" role="status" aria-live="polite">
        {MESSAGES[index]}
      </p>
    </div>
  );
}
