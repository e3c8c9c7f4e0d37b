"use client";

import { useEffect, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon, ExternalLinkIcon } from "@/components/ui/icons";
import { LazyGcodeViewer } from "@/components/gcode-viewer/lazy-gcode-viewer";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils/cn";
import { DESIGN_SOFTWARE, extensionOf, type Slide, youtubeId } from "./slides";

// Inputs where the arrow keys do nothing of their own (a checkbox, a button).
const ARROW_FREE_INPUTS = new Set(["checkbox", "button", "submit", "reset", "image", "file", "color"]);

/** Whether the arrow keys belong to the focused element (text, sliders, radios, selects, dialogs). */
function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !ARROW_FREE_INPUTS.has(target.type);
  return (
    target.isContentEditable ||
    ["TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest("[role=dialog],[role=radiogroup],[role=slider],[role=menu],[role=listbox]") !== null
  );
}

function SvgSlide({ url, fileName }: { url: string; fileName: string }) {
  const [state, setState] = useState<{ src: string | null; error: string | null }>({
    src: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    // A local copy: the signed storage URL expires and may be cross-origin; an <img> of a blob
    // runs no scripts the file might contain.
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const text = await response.text();
        objectUrl = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
        setState({ src: objectUrl, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ src: null, error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (state.error) return <p className="text-sm text-red-700">Failed to load SVG: {state.error}</p>;
  if (!state.src) return <Spinner label="Loading image" />;
  // eslint-disable-next-line @next/next/no-img-element -- a blob URL made from the fetched copy
  return <img src={state.src} alt={fileName} className="size-full object-contain" />;
}

function SlideBody({ slide, title, isActive }: { slide: Slide; title: string; isActive: boolean }) {
  const { attachment } = slide;
  const url = attachment.url;
  switch (slide.kind) {
    case "image":
      return url ? (
        // The shown slide is the page's largest picture (its LCP on a first load): fetched first.
        // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs change per request
        <img
          src={url}
          fetchPriority="high"
          alt={attachment.category === "postThumbnail" ? `Toolpath preview of ${title}` : attachment.fileName}
          className="size-full object-contain"
        />
      ) : null;
    case "svg":
      return url && isActive ? <SvgSlide url={url} fileName={attachment.fileName} /> : null;
    case "model":
      // The viewer fills the taller model frame: its controls, legend and figures take their
      // height and the 3D view the rest, so nothing scrolls inside the slide. The top padding
      // leaves the file name and counter overlays clear of the 3D view and its labels.
      return url && isActive ? (
        <div className="size-full">
          <LazyGcodeViewer url={url} fill className="rounded-none border-0 pt-12" />
        </div>
      ) : null;
    case "youtube": {
      const id = youtubeId(url);
      if (!id) return <p className="text-sm text-ink-muted">This media format cannot be displayed here</p>;
      return isActive ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}`}
          title={`Video: ${title}`}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      ) : null;
    }
    case "design": {
      const software = DESIGN_SOFTWARE[extensionOf(attachment.fileName)];
      if (!software) return null;
      return (
        <div className="flex flex-col items-center gap-3 text-center">
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-2xl bg-brand-600 font-mono text-xl font-bold text-white shadow-card"
          >
            {software.short}
          </span>
          <p className="text-sm text-ink-muted">Open this design file in {software.name}.</p>
          <a
            href={software.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            Get {software.name}
            <ExternalLinkIcon className="size-4" />
          </a>
        </div>
      );
    }
    default:
      return <p className="text-sm text-ink-muted">This media format cannot be displayed here</p>;
  }
}

/**
 * A model's frame: as tall as the window allows between 480 and 720 px, so the viewer's controls
 * and legend sit in view under its 3D view on a phone (390 x 844) and a laptop (1366 x 900).
 */
const MODEL_FRAME_HEIGHT = "h-[clamp(30rem,calc(100svh_-_17.5rem),45rem)]";

/**
 * The spec's 380 px attachment carousel (a model's frame is taller, above): prev/next and the dots
 * under the frame, where they cover nothing of a slide; 'n/total'; arrow keys.
 */
export function AttachmentCarousel({
  slides,
  index,
  onIndexChange,
  title,
}: {
  slides: Slide[];
  index: number;
  onIndexChange: (index: number) => void;
  title: string;
}) {
  const total = slides.length;
  const current = slides[index];

  useEffect(() => {
    if (total < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (ownsArrowKeys(event.target)) return;
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      // The arrows move the carousel, not the page (which could scroll sideways on a phone).
      event.preventDefault();
      onIndexChange(event.key === "ArrowLeft" ? (index - 1 + total) % total : (index + 1) % total);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [index, total, onIndexChange]);

  if (!current) {
    return (
      <div className="flex h-[380px] items-center justify-center rounded-2xl border border-line bg-surface-muted text-sm text-ink-muted">
        No attachments available
      </div>
    );
  }

  return (
    <section aria-roledescription="carousel" aria-label="Project files" className="space-y-2">
      <div
        className={cn(
          "relative overflow-hidden rounded-2xl border border-line bg-surface-muted",
          current.kind === "model" ? MODEL_FRAME_HEIGHT : "h-[380px]",
        )}
      >
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${total}`}
          className="flex size-full items-center justify-center"
        >
          <SlideBody key={current.attachment._id} slide={current} title={title} isActive />
        </div>
        {current.kind !== "youtube" ? (
          <p className="pointer-events-none absolute top-3 left-3 max-w-[70%] truncate rounded-md bg-surface/90 px-2 py-1 text-xs font-medium text-ink shadow-card">
            {current.attachment.fileName}
          </p>
        ) : null}
        <p
          className="pointer-events-none absolute top-3 right-3 rounded-md bg-ink/75 px-2 py-1 text-xs font-medium text-white tabular-nums"
          aria-live="polite"
        >
          {index + 1}/{total}
        </p>
      </div>
      {total > 1 ? (
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => onIndexChange((index - 1 + total) % total)}
            aria-label="Previous file"
            className="flex size-9 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-ink shadow-card hover:bg-surface-muted"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <div className="flex flex-wrap justify-center gap-1.5">
            {slides.map((slide, dot) => (
              <button
                key={slide.attachment._id}
                type="button"
                onClick={() => onIndexChange(dot)}
                aria-label={`Show file ${dot + 1}`}
                aria-current={dot === index ? "true" : undefined}
                className="flex size-6 items-center justify-center"
              >
                <span
                  className={cn(
                    "block size-2 rounded-full transition-colors",
                    dot === index ? "bg-brand-600" : "bg-line-strong",
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => onIndexChange((index + 1) % total)}
            aria-label="Next file"
            className="flex size-9 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-ink shadow-card hover:bg-surface-muted"
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
