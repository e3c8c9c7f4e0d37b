"use client";

import { useState, useSyncExternalStore } from "react";
import { CloseIcon, ExternalLinkIcon } from "@/components/ui/icons";
import { Container } from "./container";
import { NEWS_URL, externalLinkProps } from "./links";
import { HIDE_WELCOME_KEY } from "./before-paint-script";

function readIsHidden(): boolean {
  try {
    return window.localStorage.getItem(HIDE_WELCOME_KEY) === "true";
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * Dismissible welcome strip under the header. It renders on the server like any content; for
 * visitors who dismissed it, BeforePaintScript hides it before paint and this component then
 * renders nothing.
 */
export function WelcomeBanner() {
  const isStoredHidden = useSyncExternalStore(subscribe, readIsHidden, () => false);
  const [isDismissed, setIsDismissed] = useState(false);

  if (isStoredHidden || isDismissed) return null;

  function dismiss() {
    try {
      window.localStorage.setItem(HIDE_WELCOME_KEY, "true");
    } catch {
      // Storage may be unavailable (private mode); the banner still closes for this visit.
    }
    setIsDismissed(true);
  }

  return (
    <section data-welcome-banner aria-label="Welcome" className="border-b border-brand-100 bg-brand-50">
      <Container className="flex items-start gap-3 py-3 sm:items-center">
        <p className="flex-1 text-sm leading-relaxed text-brand-950">
          <span className="font-semibold">Welcome to CNC Projects</span>, your one-stop destination for CNC
          router file sharing. Find designs for your machine, share your own, and see what&apos;s new in{" "}
          <a
            href={NEWS_URL}
            {...externalLinkProps}
            className="inline-flex items-center gap-0.5 rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            News
            <ExternalLinkIcon className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          .
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss welcome message"
          className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-brand-800 transition-colors hover:bg-brand-100"
        >
          <CloseIcon className="size-5" />
        </button>
      </Container>
    </section>
  );
}
