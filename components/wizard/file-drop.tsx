"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TrashIcon, UploadIcon } from "@/components/ui/icons";
import { formatBytes } from "@/lib/utils/format";
import { cn } from "@/lib/utils/cn";
import type { QueuedFile } from "./wizard-types";

/** A drop zone plus file button, and the queued files with their progress. */
export function FileDrop({
  label,
  accept,
  multiple = true,
  queued,
  onFiles,
  onRemove,
  invalid,
  describedBy,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  queued: QueuedFile[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const inputId = useId();
  const [isOver, setOver] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          onFiles(Array.from(event.dataTransfer.files));
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-line-strong bg-surface p-6 text-center text-sm text-ink-muted",
          isOver && "border-brand-600 bg-brand-50",
          invalid && "border-red-600",
        )}
      >
        <UploadIcon className="size-6" />
        <span className="font-medium text-ink">{label}</span>
        <span>Drag and drop, or click to choose ({accept.replaceAll(",", ", ")})</span>
        <input
          id={inputId}
          type="file"
          accept={accept}
          multiple={multiple}
          aria-describedby={describedBy}
          className="sr-only"
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
      </label>
      {queued.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Files to upload">
          {queued.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-ink">{item.file.name}</p>
                <div
                  className="mt-1 h-1.5 overflow-hidden rounded bg-surface-muted"
                  role="progressbar"
                  aria-label={`Upload of ${item.file.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress * 100)}
                >
                  <div
                    className="h-full bg-brand-600 transition-all"
                    style={{ width: `${item.progress * 100}%` }}
                  />
                </div>
              </div>
              <span className="shrink-0 text-xs text-ink-subtle">{formatBytes(item.file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${item.file.name}`}
                onClick={() => onRemove(item.key)}
              >
                <TrashIcon />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
