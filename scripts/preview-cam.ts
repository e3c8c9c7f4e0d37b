/**
 * Dev helper: generates one program per recipe kind, prints sizes and timings, and writes the
 * G-code and PNG thumbnails to a folder (default /tmp/cam-preview) to look at.
 *   npx tsx scripts/preview-cam.ts [outDir]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateProgram, programFileName } from "@/lib/gcode/cam/generate";
import type { DesignRecipe } from "@/lib/gcode/cam/recipe";
import { renderToolpathThumbnail } from "@/lib/gcode/thumbnail";

const samples: Array<{ title: string; recipe: DesignRecipe }> = [
  {
    title: "Tray pocket",
    recipe: {
      kind: "pocket",
      units: "mm",
      shape: "rectangle",
      width: 160,
      height: 100,
      depth: 12,
      toolDiameter: 6.35,
      stepoverRatio: 0.45,
    },
  },
  {
    title: "Round coaster pocket",
    recipe: {
      kind: "pocket",
      units: "inch",
      shape: "circle",
      width: 4,
      height: 4,
      depth: 0.25,
      toolDiameter: 0.25,
      stepoverRatio: 0.4,
    },
  },
  {
    title: "Star cutout",
    recipe: {
      kind: "profile",
      units: "mm",
      shape: "star",
      width: 150,
      height: 143,
      depth: 12,
      toolDiameter: 6.35,
      tabs: true,
    },
  },
  {
    title: "Heart cutout",
    recipe: {
      kind: "profile",
      units: "inch",
      shape: "heart",
      width: 5,
      height: 4.5,
      depth: 0.5,
      toolDiameter: 0.25,
      tabs: true,
    },
  },
  {
    title: "Hexagon coaster",
    recipe: {
      kind: "profile",
      units: "mm",
      shape: "hexagon",
      width: 110,
      height: 95,
      depth: 8,
      toolDiameter: 3.175,
      tabs: false,
    },
  },
  {
    title: "Rounded sign blank",
    recipe: {
      kind: "profile",
      units: "mm",
      shape: "rounded-rectangle",
      width: 300,
      height: 120,
      depth: 18,
      toolDiameter: 6.35,
      tabs: true,
    },
  },
  {
    title: "Workshop sign",
    recipe: {
      kind: "vcarve-text",
      units: "mm",
      text: "Maker's Shop\nEst. 2024!",
      letterHeight: 40,
      depth: 4,
      border: true,
    },
  },
  {
    title: "Alphabet sampler",
    recipe: {
      kind: "vcarve-text",
      units: "inch",
      text: "ABCDEFGHIJKLM\nNOPQRSTUVWXYZ\n0123456789 -.!&'?",
      letterHeight: 1,
      depth: 0.1,
      border: false,
    },
  },
  {
    title: "Laser name tag",
    recipe: {
      kind: "laser-engrave",
      units: "mm",
      mode: "text",
      text: "ONEFINITY",
      width: 120,
      height: 30,
      power: 70,
    },
  },
  {
    title: "Laser shaded badge",
    recipe: {
      kind: "laser-engrave",
      units: "mm",
      mode: "raster-shape",
      text: "BREW",
      width: 100,
      height: 70,
      power: 80,
    },
  },
];

const outDir = process.argv[2] ?? "/tmp/cam-preview";
mkdirSync(outDir, { recursive: true });
for (const [index, { title, recipe }] of samples.entries()) {
  const started = performance.now();
  const program = generateProgram(recipe, { title, seed: index });
  const generatedMs = performance.now() - started;
  const png = await renderToolpathThumbnail(program.toolpath, {
    format: "png",
    kerfWidth: program.stats.kerfWidth,
  });
  const renderedMs = performance.now() - started - generatedMs;
  const base = path.join(outDir, `${index}-${programFileName(title, recipe).replace(/\.\w+$/, "")}`);
  writeFileSync(`${base}.png`, png);
  writeFileSync(`${base}${recipe.kind === "laser-engrave" ? ".gcode" : ".nc"}`, program.gcode);
  console.log(
    `${title.padEnd(22)} ${(program.gcode.length / 1024).toFixed(1).padStart(7)} KB ${String(program.toolpath.segmentCount).padStart(7)} segments  generate ${generatedMs.toFixed(1)} ms  thumbnail ${renderedMs.toFixed(1)} ms`,
  );
}
