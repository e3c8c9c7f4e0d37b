import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generateProgram } from "@/lib/gcode/cam/generate";
import { renderToolpathSvg, renderToolpathThumbnail } from "@/lib/gcode/thumbnail";
import { SEGMENT_KIND, type SegmentKind, type Toolpath } from "@/lib/gcode/toolpath";
import { ToolpathBuilder } from "@/lib/gcode/toolpath-builder";

/** Tag balance and attribute quoting: enough to catch a broken SVG without an XML parser. */
function assertWellFormed(svg: string): void {
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  const stack: string[] = [];
  for (const match of svg.matchAll(
    /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<]*")*)\s*(\/?)>|<|>/g,
  )) {
    const [token, closing, name, , selfClosing] = match;
    if (token === "<" || token === ">") throw new Error(`stray ${token} at ${match.index}`);
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name ?? "");
  }
  expect(stack).toEqual([]);
}

function syntheticToolpath(segmentCount: number): Toolpath {
  const builder = new ToolpathBuilder("mm");
  let from: [number, number, number] = [0, 0, 5];
  for (let i = 0; i < segmentCount; i++) {
    // A tight spiral of tiny cuts at a few depths, with a rapid every 1000 segments.
    const t = i / 400;
    const radius = 5 + (i / segmentCount) * 95;
    const isRapid = i % 1000 === 0;
    const to: [number, number, number] = [
      100 + radius * Math.cos(t),
      100 + radius * Math.sin(t),
      isRapid ? 5 : -1 - (i % 7),
    ];
    const kind: SegmentKind = isRapid ? SEGMENT_KIND.rapid : SEGMENT_KIND.cut;
    builder.add(kind, from, to, 1, 0);
    from = to;
  }
  return builder.build();
}

const countPaths = (svg: string): number => svg.match(/<path /g)?.length ?? 0;
const layer = (svg: string, name: string): string =>
  svg.match(new RegExp(`<g data-layer="${name}"[^>]*>(.*?)</g>`))?.[1] ?? "";

describe("renderToolpathSvg", () => {
  it("draws a program as a well-formed SVG of the requested size", () => {
    const { toolpath, stats } = generateProgram(
      { kind: "vcarve-text", units: "mm", text: "Shop", letterHeight: 30, depth: 3, border: true },
      { title: "Sign" },
    );
    const svg = renderToolpathSvg(toolpath, { width: 400, height: 300, kerfWidth: stats.kerfWidth });
    assertWellFormed(svg);
    expect(svg).toContain('width="400" height="300" viewBox="0 0 400 300"');
    expect(svg).toContain("stroke-dasharray");
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it("batches half a million segments into a few paths, quickly", () => {
    const toolpath = syntheticToolpath(500_000);
    const started = performance.now();
    const svg = renderToolpathSvg(toolpath, { width: 640, height: 480 });
    const elapsed = performance.now() - started;
    assertWellFormed(svg);
    expect(countPaths(svg)).toBeLessThanOrEqual(24);
    // Sub-pixel segments are merged: far fewer drawing commands than segments.
    expect(svg.match(/L/g)?.length ?? 0).toBeLessThan(150_000);
    expect(svg.length).toBeLessThan(3_000_000);
    expect(elapsed).toBeLessThan(3000);
  });

  it("puts +Y at the top and shades deeper cuts darker", () => {
    const builder = new ToolpathBuilder("mm");
    builder.add(SEGMENT_KIND.cut, [0, 0, -1], [100, 0, -1], 1, 0);
    builder.add(SEGMENT_KIND.cut, [0, 50, -6], [100, 50, -6], 1, 0);
    const svg = renderToolpathSvg(builder.build(), { width: 200, height: 200, showRapids: false });
    const paths = [...layer(svg, "cuts").matchAll(/<path stroke="(#[0-9a-f]{6})" d="M[\d.]+ ([\d.]+)/g)].map(
      (m) => ({
        colour: m[1] ?? "",
        y: Number(m[2]),
        brightness: [1, 3, 5].reduce((sum, i) => sum + parseInt((m[1] ?? "").slice(i, i + 2), 16), 0),
      }),
    );
    expect(paths).toHaveLength(2);
    const [shallow, deep] = [...paths].sort((a, b) => b.y - a.y);
    expect(deep?.y).toBeLessThan(shallow?.y ?? 0);
    expect(deep?.brightness).toBeLessThan(shallow?.brightness ?? 0);
  });

  it("shades laser moves by power and skips unpowered feed moves", () => {
    const { toolpath } = generateProgram(
      {
        kind: "laser-engrave",
        units: "mm",
        mode: "raster-shape",
        text: "HI",
        width: 60,
        height: 40,
        power: 50,
      },
      { title: "Badge" },
    );
    const svg = renderToolpathSvg(toolpath, { width: 320, height: 240 });
    assertWellFormed(svg);
    const colours = new Set(
      [...layer(svg, "cuts").matchAll(/<path stroke="(#[0-9a-f]{6})"/g)].map((m) => m[1]),
    );
    expect(colours.size).toBeGreaterThan(5);
  });

  it("renders an empty toolpath as bare material", () => {
    const svg = renderToolpathSvg(new ToolpathBuilder("inch").build(), {
      width: 100,
      height: 80,
      background: "#fff",
    });
    assertWellFormed(svg);
    expect(svg).not.toMatch(/NaN|Infinity/);
  });
});

describe("renderToolpathThumbnail", () => {
  const { toolpath, stats } = generateProgram(
    {
      kind: "profile",
      units: "inch",
      shape: "star",
      width: 6,
      height: 5.7,
      depth: 0.5,
      toolDiameter: 0.25,
      tabs: true,
    },
    { title: "Star" },
  );

  it.each(["png", "webp"] as const)(
    "encodes a %s of the requested size that is not blank",
    async (format) => {
      const buffer = await renderToolpathThumbnail(toolpath, {
        format,
        width: 320,
        height: 240,
        kerfWidth: stats.kerfWidth,
      });
      const image = sharp(buffer);
      const metadata = await image.metadata();
      expect(metadata.format).toBe(format);
      expect([metadata.width, metadata.height]).toEqual([320, 240]);
      const { channels } = await image.stats();
      expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(5);
    },
  );

  it("defaults to 640 x 480", async () => {
    const metadata = await sharp(await renderToolpathThumbnail(toolpath, { format: "webp" })).metadata();
    expect([metadata.width, metadata.height]).toEqual([640, 480]);
  });

  it("renders a huge toolpath to PNG in reasonable time", async () => {
    const started = performance.now();
    const buffer = await renderToolpathThumbnail(syntheticToolpath(500_000), { format: "png" });
    expect(performance.now() - started).toBeLessThan(8000);
    const { channels } = await sharp(buffer).stats();
    expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(5);
  });
});
