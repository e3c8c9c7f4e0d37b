"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ReviewModel } from "@/lib/validation/review";

// three.js and the parser's worker load only in the browser, and only once a reviewer opens a preview.
const GcodeViewer = dynamic(
  () => import("@/components/gcode-viewer/gcode-viewer").then((module) => module.GcodeViewer),
  {
    ssr: false,
    loading: () => (
      <div className="flex size-full items-center justify-center">
        <Spinner label="Loading the 3D viewer" />
      </div>
    ),
  },
);

/** The 3D preview of a pending post's models, one at a time, opened on demand. */
export function ModelPreview({ models }: { models: ReviewModel[] }) {
  const [shownId, setShownId] = useState<string | null>(null);
  const viewable = models.filter((model) => model.url);
  const shown = viewable.find((model) => model._id === shownId);
  if (viewable.length === 0) return <p className="text-sm text-ink-muted">No model files to preview.</p>;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {viewable.map((model) => (
          <Button
            key={model._id}
            size="sm"
            variant={model._id === shownId ? "primary" : "secondary"}
            aria-pressed={model._id === shownId}
            onClick={() => setShownId(model._id === shownId ? null : model._id)}
          >
            {model._id === shownId ? "Hide" : "Preview"} {model.fileName}
          </Button>
        ))}
      </div>
      {shown?.url ? (
        // The viewer sizes itself (a 16:9 scene above its controls); a minimum height keeps the
        // page from jumping while it loads.
        <div className="min-h-64" data-testid="review-model-preview">
          <GcodeViewer url={shown.url} fileName={shown.fileName} />
        </div>
      ) : null}
    </div>
  );
}
