"use client";

import { Canvas } from "@react-three/fiber";
import { Component, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ErrorInfo, JSX, ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { formatLaserPower } from "@/lib/gcode/format";
import type { ParsedModel, WorkerRequest, WorkerResponse } from "./messages";
import { ToolpathScene, type ViewName, type ViewRequest } from "./toolpath-scene";

/** The spec's previewer failure message. */
export const LOAD_FAILED_MESSAGE = "Failed to Load the model.";

const INITIAL_STATE: LoadState = { status: "loading", phase: "download", loaded: 0, total: null };

type LoadState =
  | { status: "loading"; phase: "download" | "build"; loaded: number; total: number | null }
  | { status: "error" }
  | { status: "ready"; model: ParsedModel };

const VIEW_BUTTONS: Array<{ view: ViewName; label: string; title: string }> = [
  { view: "top", label: "Top", title: "Look down on the job (XY plane)" },
  { view: "front", label: "Front", title: "Look from the front (XZ plane)" },
  { view: "iso", label: "Iso", title: "Isometric view" },
  { view: "fit", label: "Fit", title: "Fit the whole toolpath in view" },
];

/** Number of segments whose source line is at most `line` (lines are non-decreasing). */
function segmentsUpToLine(lines: Uint32Array, line: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((lines[mid] ?? 0) <= line) low = mid + 1;
    else high = mid;
  }
  return low;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return `${Math.round(seconds)} s`;
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** Catches WebGL and rendering failures inside the canvas. */
class SceneBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("G-code previewer failed to render", error, info.componentStack);
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Draws a G-code file in 3D. The file is downloaded and parsed in a Web Worker (parse.worker.ts)
 * and arrives as typed arrays; the path is one vertex-coloured line geometry.
 *
 * `fill`: the viewer takes the height of its container and the 3D view gets what the controls,
 * the legend, the line slider and the figures leave, so all of them show without scrolling (the
 * project page's carousel). Otherwise the 3D view keeps its own proportions and the rest follows.
 */
export function GcodeViewer(props: {
  url: string;
  fileName?: string;
  className?: string;
  fill?: boolean;
}): JSX.Element {
  const { url, fileName, className, fill = false } = props;
  const [state, setState] = useState<LoadState>(INITIAL_STATE);
  const [line, setLine] = useState(0);
  const [lineText, setLineText] = useState<{ index: number; text: string } | null>(null);
  const [view, setView] = useState<ViewRequest>({ view: "iso", nonce: 0 });
  const workerRef = useRef<Worker | null>(null);
  // A new URL starts over (React's "adjust state when a prop changes" pattern).
  const [shownUrl, setShownUrl] = useState(url);
  if (shownUrl !== url) {
    setShownUrl(url);
    setState(INITIAL_STATE);
    setLineText(null);
  }

  useEffect(() => {
    const worker = new Worker(new URL("./parse.worker.ts", import.meta.url), { type: "module" });
    workerRef.current = worker;
    worker.addEventListener("message", (event: MessageEvent<WorkerResponse>) => {
      const message = event.data;
      switch (message.type) {
        case "progress":
          setState({ status: "loading", phase: message.phase, loaded: message.loaded, total: message.total });
          break;
        case "done": {
          const { type: _type, ...model } = message;
          const lastLine = Math.max(0, model.stats.lineCount - 1);
          setLine(lastLine);
          setView({ view: "iso", nonce: 0 });
          setState({ status: "ready", model });
          worker.postMessage({ type: "line", index: lastLine } satisfies WorkerRequest);
          break;
        }
        case "line":
          setLineText({ index: message.index, text: message.text });
          break;
        case "error":
          console.error("G-code previewer:", message.message);
          setState({ status: "error" });
          break;
      }
    });
    worker.addEventListener("error", (event) => {
      console.error("G-code previewer worker failed:", event.message);
      setState({ status: "error" });
    });
    worker.postMessage({ type: "load", url } satisfies WorkerRequest);
    return () => {
      worker.terminate();
      if (workerRef.current === worker) workerRef.current = null;
    };
  }, [url]);

  const onLineChange = useCallback((index: number) => {
    setLine(index);
    workerRef.current?.postMessage({ type: "line", index } satisfies WorkerRequest);
  }, []);

  const onSceneError = useCallback(() => setState({ status: "error" }), []);

  return (
    <section
      className={cn(
        "flex flex-col rounded-xl border border-line bg-surface p-3 text-ink",
        fill ? "h-full min-h-0 gap-2" : "gap-3",
        className,
      )}
      aria-label={fileName ? `G-code preview of ${fileName}` : "G-code preview"}
      data-testid="gcode-viewer"
    >
      {fileName && <p className="truncate text-sm font-medium">{fileName}</p>}
      {state.status === "ready" ? (
        <ReadyView
          model={state.model}
          line={line}
          lineText={lineText}
          onLineChange={onLineChange}
          view={view}
          onView={(name) => setView((current) => ({ view: name, nonce: current.nonce + 1 }))}
          onSceneError={onSceneError}
          fill={fill}
        />
      ) : (
        <div
          className={cn(
            "relative flex w-full items-center justify-center rounded-lg bg-surface-muted",
            fill ? "min-h-0 flex-1" : "aspect-[4/3] sm:aspect-video",
          )}
        >
          {state.status === "error" ? (
            <p role="alert" className="px-4 text-center text-sm font-medium text-red-700">
              {LOAD_FAILED_MESSAGE}
            </p>
          ) : (
            <LoadingProgress phase={state.phase} loaded={state.loaded} total={state.total} />
          )}
        </div>
      )}
    </section>
  );
}

function LoadingProgress({
  phase,
  loaded,
  total,
}: {
  phase: "download" | "build";
  loaded: number;
  total: number | null;
}): JSX.Element {
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  const label = phase === "build" ? "Building the 3D view…" : "Loading the model…";
  return (
    <div className="flex w-full max-w-xs flex-col gap-2 px-4" role="status" aria-live="polite">
      <p className="text-center text-sm text-ink-muted">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-line"
      >
        <div
          className={cn(
            "h-full rounded-full bg-brand-600 transition-[width]",
            percent === null && "w-1/3 animate-pulse",
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-center text-xs text-ink-subtle tabular-nums">
        {formatBytes(loaded)}
        {total ? ` of ${formatBytes(total)}` : ""}
      </p>
    </div>
  );
}

function ReadyView({
  model,
  line,
  lineText,
  onLineChange,
  view,
  onView,
  onSceneError,
  fill,
}: {
  model: ParsedModel;
  line: number;
  lineText: { index: number; text: string } | null;
  onLineChange: (index: number) => void;
  view: ViewRequest;
  onView: (view: ViewName) => void;
  onSceneError: () => void;
  fill: boolean;
}): JSX.Element {
  const { stats } = model;
  const units = stats.units === "inch" ? "in" : "mm";
  const lineCount = Math.max(1, stats.lineCount);
  // The scene follows the slider a frame behind, so dragging stays smooth on huge files.
  const deferredLine = useDeferredValue(line);
  const segments = segmentsUpToLine(model.lines, deferredLine);
  const drawCount = segments === 0 ? 0 : segments + 1;
  const box = stats.cutBounds ?? stats.bounds;
  const dims = useMemo(
    () => (box ? ([0, 1, 2] as const).map((axis) => (box.max[axis] - box.min[axis]).toFixed(2)) : null),
    [box],
  );
  const sliderId = useId();
  const labels = useRef<Array<HTMLElement | null>>([]);
  const labelTexts = dims
    ? [`X ${dims[0]} ${units}`, `Y ${dims[1]} ${units}`, `Z ${dims[2]} ${units}`, "origin"]
    : [];

  return (
    <>
      <div
        className={cn(
          "relative w-full overflow-hidden rounded-lg border border-line",
          fill ? "min-h-40 flex-1" : "aspect-[4/3] sm:aspect-video",
        )}
      >
        <SceneBoundary onError={onSceneError}>
          <Canvas
            frameloop="demand"
            dpr={[1, 2]}
            camera={{ fov: 45, up: [0, 0, 1], position: [1, -1, 1] }}
            aria-label="3D view of the toolpath: drag to orbit, right-drag to pan, scroll or pinch to zoom"
            role="img"
          >
            <ToolpathScene model={model} drawCount={drawCount} view={view} labels={labels} />
          </Canvas>
        </SceneBoundary>
        {labelTexts.map((text, i) => (
          <span
            key={text}
            ref={(element) => {
              labels.current[i] = element;
            }}
            aria-hidden
            className="pointer-events-none invisible absolute top-0 left-0 will-change-transform"
          >
            <span
              className={cn(
                "absolute rounded px-1.5 py-0.5 font-mono text-[11px] whitespace-nowrap shadow-card",
                i === 3
                  ? "top-1 left-1 bg-ink/80 text-white"
                  : "-translate-x-1/2 -translate-y-1/2 bg-surface/90 text-ink",
              )}
            >
              {text}
            </span>
          </span>
        ))}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-1" role="group" aria-label="Camera views">
          {VIEW_BUTTONS.map((button) => (
            <button
              key={button.view}
              type="button"
              title={button.title}
              onClick={() => onView(button.view)}
              className="h-9 rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium shadow-card hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {button.label}
            </button>
          ))}
        </div>
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-muted" aria-label="Colours">
          {model.legend.map((entry) => (
            <li key={entry.label} className="flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block h-1 w-4 rounded-full"
                style={{ background: entry.color }}
              />
              {entry.label}
            </li>
          ))}
        </ul>
      </div>

      <div className={cn("flex flex-col", fill ? "gap-1" : "gap-1.5")}>
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <label htmlFor={sliderId} className="font-medium">
            Draw up to line
          </label>
          <span className="text-ink-muted tabular-nums">
            {(line + 1).toLocaleString("en-US")} of {lineCount.toLocaleString("en-US")}
          </span>
        </div>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={lineCount - 1}
          step={1}
          value={line}
          onChange={(event) => onLineChange(Number(event.target.value))}
          aria-valuetext={`Line ${line + 1} of ${lineCount}`}
          className="w-full accent-brand-600"
        />
        <p
          className="min-h-7 truncate rounded-md bg-surface-muted px-2 py-1 font-mono text-xs text-ink"
          data-testid="gcode-line-text"
          title={lineText?.index === line ? lineText.text : undefined}
        >
          <span className="mr-2 text-ink-subtle">{line + 1}</span>
          {lineText?.index === line ? lineText.text || " " : "…"}
        </p>
      </div>

      <dl
        className={cn(
          fill
            ? "flex flex-wrap gap-x-4 gap-y-0.5 text-xs [&>div]:flex [&>div]:items-baseline [&>div]:gap-1"
            : "grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4",
        )}
      >
        <div className={fill ? undefined : "col-span-2"}>
          <dt className="text-xs text-ink-subtle">
            {stats.isLaser ? "Engraved area" : "Cut size"} (X × Y × Z)
          </dt>
          <dd className="font-medium tabular-nums" data-testid="gcode-dimensions">
            {dims ? `${dims[0]} × ${dims[1]} × ${dims[2]} ${units}` : "No moves"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Units</dt>
          <dd className="font-medium">{stats.units === "inch" ? "Inches (G20)" : "Millimetres"}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Estimated run time</dt>
          <dd className="font-medium tabular-nums">{formatDuration(stats.estimatedSeconds)}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Lines</dt>
          <dd className="font-medium tabular-nums">{stats.lineCount.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Moves</dt>
          <dd className="font-medium tabular-nums">
            {(stats.rapidMoves + stats.linearMoves + stats.arcMoves).toLocaleString("en-US")}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">{stats.isLaser ? "Job" : "Tools"}</dt>
          <dd className="font-medium">
            {stats.isLaser
              ? "Laser"
              : stats.tools
                  .filter((tool) => tool > 0)
                  .map((tool) => `T${tool}`)
                  .join(", ") || "One tool"}
          </dd>
        </div>
        {stats.isLaser ? (
          <div>
            <dt className="text-xs text-ink-subtle">Laser power</dt>
            <dd className="font-medium tabular-nums" data-testid="gcode-power">
              {formatLaserPower(stats.powerRange) ?? "–"}
            </dd>
          </div>
        ) : (
          <div>
            <dt className="text-xs text-ink-subtle">Deepest cut (Z)</dt>
            <dd className="font-medium tabular-nums">
              {stats.minCutZ === null ? "–" : `${stats.minCutZ.toFixed(2)} ${units}`}
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
