import { contourLength, splitContour, vec, type Contour } from "./geometry";
import { depthLevels, endMillSettings, formatToolSize, fromMm, toMm } from "./machining";
import type { DesignRecipe } from "./recipe";
import { endRouterProgram, plungeAt, startRouterProgram, type ProgramInfo } from "./router";
import { profileContour, translateContour } from "./shapes";
import type { GcodeWriter } from "./writer";

type ProfileRecipe = Extract<DesignRecipe, { kind: "profile" }>;

interface Tabs {
  z: number;
  intervals: Array<[number, number]>;
  width: number;
  height: number;
}

/** Evenly spaced holding tabs, about one per 120 mm of perimeter, never fewer than three. */
function planTabs(recipe: ProfileRecipe, contour: Contour): Tabs | null {
  const { units, depth, toolDiameter } = recipe;
  const perimeter = contourLength(contour);
  const width = fromMm(8, units);
  const height = Math.min(fromMm(3, units), depth / 2);
  const span = width + toolDiameter;
  let count = Math.min(8, Math.max(3, Math.round(toMm(perimeter, units) / 120)));
  while (count > 2 && span * count > perimeter / 2) count--;
  if (span * count > perimeter / 2) return null;
  const intervals = Array.from({ length: count }, (_, i): [number, number] => {
    const middle = ((i + 0.5) * perimeter) / count;
    return [middle - span / 2, middle + span / 2];
  });
  return { z: -depth + height, intervals, width, height };
}

/** Climb-milled outside profile (clockwise), stepping down without retracting, tabs on the deep passes. */
export function generateProfile(
  recipe: ProfileRecipe,
  info: Omit<ProgramInfo, "material" | "operations">,
): GcodeWriter {
  const { units, shape, width, height, depth, toolDiameter } = recipe;
  const settings = endMillSettings(units, toolDiameter);
  const margin = toolDiameter;
  const contour = translateContour(
    profileContour(shape, width, height, toolDiameter / 2),
    vec(margin, margin),
  );
  const levels = depthLevels(depth, settings.stepDown);
  const tabs = recipe.tabs ? planTabs(recipe, contour) : null;
  const u = settings.unitLabel;
  const fmt = (value: number): string => Number(value.toFixed(units === "mm" ? 2 : 3)).toString();
  const start = contour[0]?.start;
  if (!start) throw new Error("Empty profile contour.");

  const w = startRouterProgram(
    {
      ...info,
      material: `Material: at least ${fmt(width + 2 * margin)} x ${fmt(height + 2 * margin)} x ${fmt(depth)} ${u}; Z0 top of material, origin lower left`,
      operations: [
        `Profile outside: ${shape.replace("-", " ")} ${fmt(width)} x ${fmt(height)} ${u} at X${fmt(margin)} Y${fmt(margin)}`,
        `Depth ${fmt(depth)} ${u} in ${levels.length} passes, climb milling`,
        tabs
          ? `Tabs: ${tabs.intervals.length} x ${fmt(tabs.width)} ${u} wide, ${fmt(tabs.height)} ${u} thick`
          : "Tabs: none",
      ],
    },
    settings,
    { number: 1, description: `${formatToolSize(toolDiameter, units)} flat end mill` },
  );

  plungeAt(w, settings, start, levels[0] ?? -depth);
  for (const [index, z] of levels.entries()) {
    if (index > 0) w.feedTo({ z }, settings.plungeFeed);
    w.comment(`Profile pass ${index + 1} of ${levels.length}, Z${w.format(z)}`);
    if (!tabs || z >= tabs.z) {
      w.followContour(contour, settings.feed);
      continue;
    }
    const tabZ = tabs.z;
    for (const piece of splitContour(contour, tabs.intervals, fromMm(0.05, units))) {
      const wantedZ = piece.isMarked ? tabZ : z;
      if (w.position.z !== w.round(wantedZ)) w.feedTo({ z: wantedZ }, settings.plungeFeed);
      w.followContour([piece.element], settings.feed);
    }
  }
  endRouterProgram(w, settings);
  return w;
}
