"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyGcodeViewer } from "@/components/gcode-viewer/lazy-gcode-viewer";
import type { ReviewModel } from "@/lib/validation/review";

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
          <LazyGcodeViewer url={shown.url} fileName={shown.fileName} />
        </div>
      ) : null}
    </div>
  );
}
