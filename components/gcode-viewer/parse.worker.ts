/// <reference lib="webworker" />
/*
 * The viewer's parse worker: downloads the G-code, feeds each chunk to the streaming parser
 * (lib/gcode) as it arrives, colours the segments and posts the typed arrays back as
 * transferables, so the page's main thread never touches the text. It keeps the bytes and the
 * offset of every line so the viewer can ask for one line's text (the slider) without ever
 * holding the file as strings.
 */
import { GcodeParser } from "@/lib/gcode/parser";
import { colorSegments } from "./colors";
import type { WorkerRequest, WorkerResponse } from "./messages";

const PROGRESS_INTERVAL_MS = 80;
const MAX_LINE_CHARS = 240;

/** The file's bytes and the start of every line, kept for `line` requests. */
class LineIndex {
  bytes = new Uint8Array(0);
  length = 0;
  starts = new Uint32Array(1024);
  count = 1; // line 0 starts at byte 0

  reserve(size: number): void {
    if (size > this.bytes.length) this.bytes = new Uint8Array(size);
  }

  append(chunk: Uint8Array): void {
    const needed = this.length + chunk.length;
    if (needed > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(needed, Math.ceil(this.bytes.length * 1.5)));
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    this.bytes.set(chunk, this.length);
    let at = chunk.indexOf(10);
    while (at >= 0) {
      this.addStart(this.length + at + 1);
      at = chunk.indexOf(10, at + 1);
    }
    this.length = needed;
  }

  private addStart(offset: number): void {
    if (this.count === this.starts.length) {
      const bigger = new Uint32Array(this.starts.length * 2);
      bigger.set(this.starts);
      this.starts = bigger;
    }
    this.starts[this.count++] = offset;
  }

  text(index: number): string {
    if (index < 0 || index >= this.count) return "";
    const start = this.starts[index] ?? 0;
    let end = index + 1 < this.count ? (this.starts[index + 1] ?? this.length) - 1 : this.length;
    if (end > start && this.bytes[end - 1] === 13) end--;
    const clipped = Math.min(end, start + MAX_LINE_CHARS * 4);
    const text = decoder.decode(this.bytes.subarray(start, Math.max(start, clipped)));
    return text.length > MAX_LINE_CHARS || clipped < end ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
  }
}

const decoder = new TextDecoder();

/** True when the file starts with `<` (HTML or XML): G-code never does. */
function looksLikeMarkup(chunk: Uint8Array): boolean {
  for (const byte of chunk.subarray(0, 512)) {
    if (byte === 0xef || byte === 0xbb || byte === 0xbf || byte <= 32) continue; // BOM, spaces
    return byte === 60;
  }
  return false;
}
const index = new LineIndex();

function post(message: WorkerResponse, transfer: Transferable[] = []): void {
  self.postMessage(message, { transfer });
}

async function load(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  // A web page is not G-code (a missing file can come back as the site's "not found" page).
  if (/^\s*text\/html\b/i.test(response.headers.get("content-type") ?? ""))
    throw new Error("Not a G-code file (HTML)");
  const header = Number(response.headers.get("content-length"));
  const total = Number.isFinite(header) && header > 0 ? header : null;
  if (total) index.reserve(total);
  const parser = new GcodeParser({ expectedBytes: total ?? undefined });
  const reader = response.body.getReader();
  let loaded = 0;
  let lastProgress = 0;
  post({ type: "progress", phase: "download", loaded: 0, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded === 0 && looksLikeMarkup(value)) throw new Error("Not a G-code file (markup)");
    parser.push(value);
    index.append(value);
    loaded += value.length;
    const now = performance.now();
    if (now - lastProgress > PROGRESS_INTERVAL_MS) {
      lastProgress = now;
      post({ type: "progress", phase: "download", loaded, total });
    }
  }
  post({ type: "progress", phase: "build", loaded, total: loaded });
  const { stats, toolpath } = parser.finish();
  if (!toolpath || toolpath.segmentCount === 0) throw new Error("No moves to draw");
  const { colors, legend } = colorSegments({
    kinds: toolpath.kinds,
    tools: toolpath.tools,
    power: toolpath.power,
    segmentCount: toolpath.segmentCount,
    isLaser: stats.isLaser,
    toolsUsed: stats.tools,
  });
  const { vertices, lines } = toolpath;
  post({ type: "done", stats, vertices, colors, lines, legend }, [
    vertices.buffer,
    colors.buffer,
    lines.buffer,
  ]);
}

self.addEventListener("message", (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === "load") {
    load(request.url).catch((error: unknown) => {
      post({ type: "error", message: error instanceof Error ? error.message : String(error) });
    });
  } else {
    post({ type: "line", index: request.index, text: index.text(request.index) });
  }
});
