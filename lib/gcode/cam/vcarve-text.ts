import { vec } from "./geometry";
import { vBitSettings } from "./machining";
import type { DesignRecipe } from "./recipe";
import { endRouterProgram, engraveStrokes, plungeAt, startRouterProgram, type ProgramInfo } from "./router";
import { roundedRectangleContour } from "./shapes";
import { layoutText, normalizeEngravingText, placeStrokes } from "./stroke-font";
import type { GcodeWriter } from "./writer";

type VCarveRecipe = Extract<DesignRecipe, { kind: "vcarve-text" }>;

/** A 60 degree V-bit cuts a groove as wide as 2 * depth * tan(30 deg). */
export const vGrooveWidth = (depth: number): number => 2 * depth * Math.tan(Math.PI / 6);

/** Single-line V-bit engraving of the text on a sign blank, with an optional V-groove border. */
export function generateVCarveText(
  recipe: VCarveRecipe,
  info: Omit<ProgramInfo, "material" | "operations">,
): GcodeWriter {
  const { units, letterHeight, depth } = recipe;
  const settings = vBitSettings(units, depth);
  const layout = layoutText(recipe.text, letterHeight);
  const margin = letterHeight * 0.6;
  const textWidth = layout.max.x - layout.min.x;
  const textHeight = layout.max.y - layout.min.y;
  const materialWidth = textWidth + 2 * margin;
  const materialHeight = textHeight + 2 * margin;
  const strokes = placeStrokes(layout, vec(margin, margin), 1);
  const u = settings.unitLabel;
  const fmt = (value: number): string => Number(value.toFixed(units === "mm" ? 2 : 3)).toString();
  const grooveWidth = vGrooveWidth(depth);

  const w = startRouterProgram(
    {
      ...info,
      material: `Material: ${fmt(materialWidth)} x ${fmt(materialHeight)} ${u} sign blank; Z0 top of material, origin lower left`,
      operations: [
        `V-carve text: "${normalizeEngravingText(recipe.text).replace(/\n/g, " / ")}", letters ${fmt(letterHeight)} ${u} tall`,
        `Engrave depth ${fmt(depth)} ${u}, groove ${fmt(grooveWidth)} ${u} wide${recipe.border ? ", with border" : ""}`,
      ],
    },
    settings,
    { number: 1, description: "60 deg V-bit, 1/2 in. diameter" },
  );

  w.comment("Engrave text");
  engraveStrokes(w, settings, strokes, -depth);
  if (recipe.border) {
    const inset = margin / 2;
    const border = roundedRectangleContour(
      inset,
      inset,
      materialWidth - inset,
      materialHeight - inset,
      inset,
    );
    const start = border[0]?.start;
    if (start) {
      w.comment("Engrave border");
      plungeAt(w, settings, start, -depth);
      w.followContour(border, settings.feed);
      w.rapid({ z: settings.safeZ });
    }
  }
  endRouterProgram(w, settings);
  return w;
}
