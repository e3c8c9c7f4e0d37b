"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TrashIcon, UploadIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";
import { formatBytes } from "@/lib/utils/format";
import type { QueuedFile } from "./upload-queue";

const STATUS_TEXT: Record<QueuedFile["status"], string> = {
  hashing: "Reading the file…",
  ready: "Uploads with Next",
  uploading: "Uploading",
  uploaded: "Uploaded, checking…",
  failed: "Failed",
};

/** One queued file: name, size, state and its progress bar. */
function QueuedRow({ item, onRemove, isBusy }: { item: QueuedFile; onRemove: () => void; isBusy: boolean }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate font-medium text-ink">{item.file.name}</p>
          <span className="shrink-0 text-xs text-ink-subtle">{formatBytes(item.file.size)}</span>
        </div>
        <div
          className="mt-1.5 h-1.5 overflow-hidden rounded bg-surface-muted"
          role="progressbar"
          aria-label={`Upload of ${item.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div
            className={cn(
              "h-full transition-[width]",
              item.status === "failed" ? "bg-red-600" : "bg-brand-600",
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className={cn("mt-1 text-xs", item.error ? "text-red-700" : "text-ink-muted")}>
          {item.error ?? (item.status === "uploading" ? `Uploading ${percent}%` : STATUS_TEXT[item.status])}
        </p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Remove ${item.file.name}`}
        disabled={isBusy}
        onClick={onRemove}
      >
        <TrashIcon />
      </Button>
    </li>
  );
}

/** A drop zone with a file button (keyboard: the hidden input takes focus), and the queued files. */
export function FileDrop({
  id,
  label,
  hint,
  accept,
  multiple = true,
  queued,
  onFiles,
  onRemove,
  isBusy = false,
  invalid,
  describedBy,
  refused = [],
}: {
  id?: string;
  label: string;
  hint?: string;
  accept: string;
  multiple?: boolean;
  queued: QueuedFile[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  isBusy?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Files just refused (wrong type, empty, too large), each named with what is accepted. */
  refused?: readonly string[];
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
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
          const files = Array.from(event.dataTransfer.files);
          onFiles(multiple ? files : files.slice(0, 1));
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 border-dashed border-line-strong bg-surface px-4 py-6 text-center text-sm text-ink-muted transition-colors hover:border-brand-600",
          "has-[:focus-visible]:border-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600/40",
          isOver && "border-brand-600 bg-brand-50",
          invalid && "border-red-600",
        )}
      >
        <UploadIcon className="size-6 text-brand-600" />
        <span className="font-medium text-ink">{label}</span>
        <span>Drag and drop, or click to choose</span>
        {hint ? <span className="text-xs text-ink-subtle">{hint}</span> : null}
        <input
          id={inputId}
          type="file"
          accept={accept}
          multiple={multiple}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="sr-only"
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
      </label>
      {refused.length > 0 ? (
        <ul role="alert" aria-label="Files not added" className="flex flex-col gap-1 text-sm text-red-700">
          {refused.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {queued.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Files to upload">
          {queued.map((item) => (
            <QueuedRow key={item.key} item={item} isBusy={isBusy} onRemove={() => onRemove(item.key)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
