import type { Vec2 } from "./geometry";
import type { RouterSettings } from "./machining";
import { GcodeWriter } from "./writer";

export interface ProgramInfo {
  title: string;
  /** ISO date for the header, derived from the seed so the output stays deterministic. */
  created: string;
  /** e.g. "Material 220 x 160 mm; Z0 top of material, origin lower left". */
  material: string;
  operations: string[];
}

export interface RouterTool {
  number: number;
  description: string;
}

/** Opening blocks of a grbl/Onefinity router post: comments, modes, tool change, spindle, safe Z. */
export function startRouterProgram(
  info: ProgramInfo,
  settings: RouterSettings,
  tool: RouterTool,
): GcodeWriter {
  const w = new GcodeWriter({ units: settings.units, commentStyle: "paren" });
  w.comment(info.title);
  w.comment("Post: grbl / Onefinity - mm or inch, absolute, arcs with I J");
  w.comment(`Created: ${info.created}`);
  w.comment(`Units: ${settings.units === "mm" ? "millimetres" : "inches"}`);
  w.comment(info.material);
  for (const operation of info.operations) w.comment(operation);
  w.comment(
    `Feed ${w.format(settings.feed, 1)} ${settings.feedLabel}, plunge ${w.format(settings.plungeFeed, 1)} ${settings.feedLabel}, ${settings.rpm} RPM`,
  );
  w.blank();
  w.code("G90 G94 G17");
  w.code(settings.units === "mm" ? "G21" : "G20");
  w.rapid({ z: settings.safeZ });
  w.selectTool(tool.number, tool.description);
  w.code(`M3 S${settings.rpm}`);
  return w;
}

/** Retract, return to the origin, spindle off, end of program. */
export function endRouterProgram(w: GcodeWriter, settings: RouterSettings): void {
  w.rapid({ z: settings.safeZ });
  w.rapid({ x: 0, y: 0 });
  w.code("M5");
  w.code("M30");
}

/**
 * Brings the tool down at `at` to `z`: retract if needed, rapid over, rapid to the clearance
 * height above `rapidFloor` (the deepest level already cleared there, 0 for fresh material), then
 * feed in at the plunge rate.
 */
export function plungeAt(
  w: GcodeWriter,
  settings: RouterSettings,
  at: Vec2,
  z: number,
  rapidFloor = 0,
): void {
  const here = w.position;
  const isAbove = w.round(at.x) === here.x && w.round(at.y) === here.y;
  if (!isAbove) {
    w.rapid({ z: settings.safeZ });
    w.rapid({ x: at.x, y: at.y });
  }
  const approach = rapidFloor + settings.clearance;
  if (w.position.z > approach) w.rapid({ z: approach });
  w.feedTo({ z }, settings.plungeFeed);
}

/**
 * Engraves open polylines at one depth: plunge, follow, retract; a stroke that starts where the
 * previous one ended is continued without lifting.
 */
export function engraveStrokes(w: GcodeWriter, settings: RouterSettings, strokes: Vec2[][], z: number): void {
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    const here = w.position;
    const isContinuing = here.z === w.round(z) && w.round(first.x) === here.x && w.round(first.y) === here.y;
    if (!isContinuing) {
      w.rapid({ z: settings.safeZ });
      plungeAt(w, settings, first, z);
    }
    for (const point of rest) w.feedTo({ x: point.x, y: point.y }, settings.feed);
  }
  w.rapid({ z: settings.safeZ });
}
