// npm run bench:bundle [-- --base-url URL --post-id ID --top N]
// First-load JavaScript: fetches the home page and a project page as a signed-out
// visitor, collects every <script src> their HTML references, gzips each one and prints the
// per-route totals against the targets. What a browser downloads before anything is
// clicked: chunks loaded later (the 3D viewer, the comment editor, dialogs) are not in the HTML.
// Two totals: every script, and what a browser with ES modules downloads, which skips Next's
// `nomodule` polyfill script (every browser Next 16 supports has modules); the targets are judged
// on the second, and the first is printed beside it.
// Runs the production build on a fresh database seeded with the demo community, dropped at the end
// (scripts/lib/seeded-app.ts). The project page is the newest public post with a G-code model, so
// its 3D slide exists but is not the one shown first.
// --base-url measures a server that is already running instead (--post-id picks the project;
// without it the first /model/ link of the home page is taken).
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { firstLinks, startSeededApp, type SeededApp } from "./lib/seeded-app";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    "post-id": { type: "string" },
    top: { type: "string", default: "5" },
  },
});

/** The targets: gzip kB (1 kB = 1000 bytes) of the scripts a browser with ES modules fetches. */
const TARGET_KB = { home: 170, project: 200 };
const KB = 1000;

interface Script {
  src: string;
  /** A `nomodule` script: only browsers without ES modules fetch it. */
  isNoModule: boolean;
  rawBytes: number;
  gzipBytes: number;
}

/** Every external script the HTML references, in document order, once each. */
function scriptTags(html: string): { src: string; isNoModule: boolean }[] {
  const tags = new Map<string, boolean>();
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = match[1] ?? "";
    const src = /\ssrc="([^"]+)"/i.exec(attributes)?.[1];
    if (src) tags.set(src.replaceAll("&amp;", "&"), /\snomodule\b/i.test(attributes));
  }
  return [...tags].map(([src, isNoModule]) => ({ src, isNoModule }));
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { redirect: "manual" });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

async function measure(base: string, route: string): Promise<Script[]> {
  const html = await fetchText(`${base}${route}`);
  const scripts: Script[] = [];
  for (const { src, isNoModule } of scriptTags(html)) {
    const response = await fetch(new URL(src, base));
    if (!response.ok) throw new Error(`GET ${src}: ${response.status} ${response.statusText}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    // zlib's default level, as `next start` compresses its responses.
    scripts.push({ src, isNoModule, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length });
  }
  return scripts;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

const sum = (scripts: Script[], size: (script: Script) => number) =>
  scripts.reduce((total, script) => total + size(script), 0);

function report(label: string, route: string, scripts: Script[], targetKb: number, top: number): boolean {
  const moduleScripts = scripts.filter((script) => !script.isNoModule);
  const gzip = sum(moduleScripts, (script) => script.gzipBytes);
  const isMet = gzip <= targetKb * KB;
  console.log(
    `${label.padEnd(14)} ${String(moduleScripts.length).padStart(7)} ${kb(sum(moduleScripts, (script) => script.rawBytes)).padStart(9)} ${kb(gzip).padStart(9)} ${kb(sum(scripts, (script) => script.gzipBytes)).padStart(12)}  <= ${targetKb} kB: ${isMet ? "met" : "NOT met"}   (${route})`,
  );
  const largest = [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, top);
  for (const script of largest)
    console.log(
      `${"".padEnd(14)} ${"".padStart(7)} ${kb(script.rawBytes).padStart(9)} ${kb(script.gzipBytes).padStart(9)} ${"".padStart(12)}  ${script.src}${script.isNoModule ? " (nomodule)" : ""}`,
    );
  return isMet;
}

async function main() {
  const top = Number(values.top);
  const externalBase = values["base-url"]?.replace(/\/$/, "");
  let app: SeededApp | null = null;
  let postId = values["post-id"] ?? null;
  try {
    let base: string;
    if (externalBase) {
      base = externalBase;
    } else {
      app = await startSeededApp("bench_bundle");
      postId ??= app.project?.postId ?? null;
      base = app.baseUrl;
    }
    postId ??= firstLinks(await fetchText(`${base}/`)).postId;
    if (!postId) throw new Error("no project to measure: pass --post-id");

    const home = await measure(base, "/");
    const project = await measure(base, `/model/${postId}`);
    console.log(
      `\nFirst-load JavaScript, signed out: the <script src> of the HTML, gzip (1 kB = 1000 bytes).\n` +
        `scripts, raw and gzip: what a browser with ES modules downloads; all gzip: with the nomodule polyfills.\n` +
        `${"route".padEnd(14)} ${"scripts".padStart(7)} ${"raw kB".padStart(9)} ${"gzip kB".padStart(9)} ${"all gzip kB".padStart(12)}  target`,
    );
    const isHomeMet = report("/", "/", home, TARGET_KB.home, top);
    const isProjectMet = report("/model/{id}", `/model/${postId}`, project, TARGET_KB.project, top);
    console.log(`\n${isHomeMet && isProjectMet ? "All targets met." : "Some targets NOT met."}`);
  } finally {
    await app?.stop();
  }
}

await main();
