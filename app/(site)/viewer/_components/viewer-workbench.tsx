"use client";

import dynamic from "next/dynamic";
import { useEffect, useId, useState, type DragEvent, type JSX } from "react";
import {
  GCODE_ACCEPT_ATTRIBUTE,
  GCODE_READ_EXTENSIONS,
  describeExtensions,
  isGcodeFileName,
} from "@/lib/gcode/file-types";
import { cn } from "@/lib/utils/cn";

const GcodeViewer = dynamic(
  () => import("@/components/gcode-viewer/gcode-viewer").then((m) => m.GcodeViewer),
  {
    ssr: false,
    loading: () => (
      <div className="aspect-[4/3] w-full animate-pulse rounded-xl border border-line bg-surface-muted sm:aspect-video" />
    ),
  },
);

// Every G-code extension the site reads (lib/gcode/file-types.ts), plus plain-text exports.
const ACCEPT = `${GCODE_ACCEPT_ATTRIBUTE},.txt`;
const EXTENSIONS_TEXT = describeExtensions(GCODE_READ_EXTENSIONS);

/** What the picker offers is what drag and drop takes. */
function isReadable(fileName: string): boolean {
  return isGcodeFileName(fileName) || fileName.toLowerCase().endsWith(".txt");
}

type Source = { url: string; name: string; isObjectUrl: boolean };

function nameFromUrl(url: string): string {
  try {
    const path = new URL(url, "http://localhost").pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)) || url;
  } catch {
    return url;
  }
}

/** Picks the file to preview: a local file (chosen or dropped) or the page's ?url=. */
export function ViewerWorkbench({ initialUrl }: { initialUrl: string | null }): JSX.Element {
  const [source, setSource] = useState<Source | null>(() =>
    initialUrl ? { url: initialUrl, name: nameFromUrl(initialUrl), isObjectUrl: false } : null,
  );
  const [isDragging, setIsDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const inputId = useId();

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!source?.isObjectUrl) return;
    const { url } = source;
    return () => URL.revokeObjectURL(url);
  }, [source]);

  const open = (file: File | undefined): void => {
    if (!file) return;
    if (!isReadable(file.name)) {
      setRefused(file.name);
      return;
    }
    setRefused(null);
    setSource({ url: URL.createObjectURL(file), name: file.name, isObjectUrl: true });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setIsDragging(false);
    open(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-line-strong bg-surface px-4 py-6 text-center sm:flex-row sm:justify-between sm:text-left",
          isDragging && "border-brand-600 bg-brand-50",
        )}
      >
        <div>
          <p className="font-medium text-ink">Drop a G-code file here</p>
          <p className="text-sm text-ink-muted">
            {EXTENSIONS_TEXT} from any CAM software or laser tool, tens of megabytes are fine.
          </p>
          {refused ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {refused} is not a G-code file ({EXTENSIONS_TEXT}).
            </p>
          ) : null}
        </div>
        <div>
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-card hover:bg-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            Choose a file
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              onChange={(event) => {
                open(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </label>
        </div>
      </div>
      {source ? (
        <GcodeViewer key={source.url} url={source.url} fileName={source.name} />
      ) : (
        <p className="rounded-xl border border-line bg-surface px-4 py-10 text-center text-ink-muted">
          No file open yet. Choose or drop a file above, or open this page with <code>?url=</code> and a link
          to a G-code file.
        </p>
      )}
    </div>
  );
}
