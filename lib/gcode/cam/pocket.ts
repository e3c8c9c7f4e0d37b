import { lineElement, vec, type Contour, type Vec2 } from "./geometry";
import { depthLevels, endMillSettings, formatToolSize, fromMm } from "./machining";
import type { DesignRecipe } from "./recipe";
import { endRouterProgram, plungeAt, startRouterProgram, type ProgramInfo } from "./router";
import { circleContour } from "./shapes";
import type { GcodeWriter } from "./writer";

type PocketRecipe = Extract<DesignRecipe, { kind: "pocket" }>;

/** One counter-clockwise ring of the clearing pattern (climb milling inside the pocket). */
interface Ring {
  start: Vec2;
  contour: Contour;
}

function rectangleRing(x0: number, y0: number, x1: number, y1: number): Ring {
  const a = vec(x0, y0);
  const b = vec(x1, y0);
  const c = vec(x1, y1);
  const d = vec(x0, y1);
  return { start: a, contour: [lineElement(a, b), lineElement(b, c), lineElement(c, d), lineElement(d, a)] };
}

function circleRing(center: Vec2, radius: number): Ring {
  const contour = circleContour(center, radius, false);
  const first = contour[0];
  return { start: first ? first.start : center, contour };
}

/** Values from `from` to `to` (both included) in equal steps no larger than `maxStep`. */
function evenSteps(from: number, to: number, maxStep: number): number[] {
  const steps = Math.max(1, Math.ceil(Math.abs(to - from) / maxStep - 1e-9));
  return Array.from({ length: steps + 1 }, (_, k) => (k === steps ? to : from + ((to - from) * k) / steps));
}

/**
 * Offset (concentric) clearing from the centre out at each depth, leaving a small allowance on the
 * wall, then one finishing pass around the wall at full depth.
 */
export function generatePocket(
  recipe: PocketRecipe,
  info: Omit<ProgramInfo, "material" | "operations">,
): GcodeWriter {
  const { units, width, height, depth, toolDiameter } = recipe;
  if (Math.min(width, height) <= toolDiameter) throw new Error("The pocket must be wider than the tool.");
  const settings = endMillSettings(units, toolDiameter);
  const radius = toolDiameter / 2;
  const stepover = toolDiameter * Math.min(0.9, Math.max(0.1, recipe.stepoverRatio));
  const allowance = Math.min(fromMm(0.25, units), (Math.min(width, height) / 2 - radius) / 4);
  const levels = depthLevels(depth, settings.stepDown);
  const margin = toolDiameter * 2;
  const x0 = margin;
  const y0 = margin;
  const isCircle = recipe.shape === "circle";
  const diameter = Math.min(width, height);
  const center = vec(x0 + width / 2, y0 + height / 2);
  const u = settings.unitLabel;

  // Innermost ring first: the clearing spirals out from the plunge point.
  const outermost = diameter / 2 - radius - allowance;
  const rings: Ring[] = isCircle
    ? evenSteps(Math.min(stepover / 2, outermost), outermost, stepover).map((r) => circleRing(center, r))
    : evenSteps(Math.min(width, height) / 2, radius + allowance, stepover).map((d) =>
        rectangleRing(x0 + d, y0 + d, x0 + width - d, y0 + height - d),
      );
  const finishing = isCircle
    ? circleRing(center, diameter / 2 - radius)
    : rectangleRing(x0 + radius, y0 + radius, x0 + width - radius, y0 + height - radius);

  const w = startRouterProgram(
    {
      ...info,
      material: `Material: at least ${fmt(width + 2 * margin)} x ${fmt(height + 2 * margin)} x ${fmt(depth * 1.5)} ${u}; Z0 top of material, origin lower left`,
      operations: [
        isCircle
          ? `Pocket: circle diameter ${fmt(diameter)} ${u}, centre X${fmt(center.x)} Y${fmt(center.y)}`
          : `Pocket: rectangle ${fmt(width)} x ${fmt(height)} ${u} at X${fmt(x0)} Y${fmt(y0)}`,
        `Depth ${fmt(depth)} ${u} in ${levels.length} passes, stepover ${fmt(stepover)} ${u}, finish allowance ${fmt(allowance)} ${u}`,
      ],
    },
    settings,
    { number: 1, description: `${formatToolSize(toolDiameter, units)} flat end mill` },
  );

  let cleared = 0;
  for (const z of levels) {
    w.comment(`Clearing pass Z${w.format(z)}`);
    const [first, ...others] = rings;
    if (!first) break;
    plungeAt(w, settings, isCircle ? center : first.start, z, cleared);
    for (const ring of [first, ...others]) {
      w.feedTo({ x: ring.start.x, y: ring.start.y }, settings.feed);
      w.followContour(ring.contour, settings.feed);
    }
    cleared = z;
    if (z !== levels[levels.length - 1]) w.rapid({ z: settings.safeZ });
  }

  w.comment("Finishing pass on the wall");
  w.feedTo({ x: finishing.start.x, y: finishing.start.y }, settings.feed);
  w.followContour(finishing.contour, settings.feed);
  endRouterProgram(w, settings);
  return w;

  function fmt(value: number): string {
    return Number(value.toFixed(units === "mm" ? 2 : 3)).toString();
  }
}
