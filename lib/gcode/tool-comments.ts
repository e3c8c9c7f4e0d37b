import { TOOL_TYPES, type ToolType, type ToolUnit } from "@/lib/catalogue/enums";

/*
 * The tools a CAM program names in its comments, read from the head of a G-code file. CAM posts
 * describe their cutters in their own words; the styles read here:
 *   Fusion 360       (T1  D=6.35 CR=0 - ZMIN=-19.8 - flat end mill)
 *   Carbide Create   (TOOL/MILL,3.175,0.00,0.00,0.00)
 *   Vectric          (T1 = End Mill (6 mm)), ( Tool: Ball Nose (1/8") )
 *   Estlcam          (Required tools:) then (3mm Endmill), (Tool: Flat 3mm)
 *   LinuxCNC / hand  T1 M6 (1/4" endmill), ( T1 ENDMILL ROUGH , DIAMETER = 0.25 ), (TOOL DIAMETER: 3.0),
 *                    CamBam ( T0 : 3.175 ), ;Use a 1/4 inch bit
 * A size without a unit is in the file's units. Pure: no DOM, Node or database.
 */

export interface ToolComment {
  /** The T number the comment names, null when it names none. */
  tool: number | null;
  diameter: number;
  unit: ToolUnit;
  /** The wizard's tool bit type the words match, null when they say none. */
  type: ToolType | null;
}

/** How much of a file is read for its tool comments (CAM posts write them in the header). */
export const TOOL_COMMENT_HEAD_BYTES = 64 * 1024;

const NUMBER = String.raw`(?<![\w.])(\d+(?:\.\d*)?|\.\d+)`;
const FRACTION = String.raw`(?<![\w.])(\d+)\s*/\s*(\d+)`;
const UNIT = String.raw`\s*(mm|millimet(?:er|re)s?|inch(?:es)?|in\b|")?`;

/** Words naming a bit type, most specific first. */
const TYPE_WORDS: [RegExp, ToolType][] = [
  [/tapered\s*ball/i, "Tapered Ball Nose"],
  [/ball|\bbn\b|kugel/i, "Ball Nose"],
  [/v[\s-]?bit|v[\s-]?carve|chamfer|engrav|\bvee\b|\d+\s*°|\bdeg\b/i, "V Bit"],
  [/down[\s-]?cut/i, "Downcut Endmill"],
  [/surfac|fly[\s-]?cut|face\s*mill|spoilboard/i, "Surfacing"],
  [/dovetail/i, "Dovetail"],
  [/bowl/i, "Bowl"],
  [/drag/i, "Drag Bit"],
  [/ogee|round[\s-]?over/i, "Ogee / Roundover"],
  [/drill/i, "Drill Mill"],
  [/end\s*mill|endmill|flat|up[\s-]?cut|slot|fr[äa]ser|flach|bull\s*nose/i, "Upcut Endmill"],
];

function typeOf(text: string): ToolType | null {
  for (const [pattern, type] of TYPE_WORDS) if (pattern.test(text)) return type;
  return null;
}

function unitOf(word: string | undefined, fileUnit: ToolUnit): ToolUnit {
  if (!word) return fileUnit;
  return word.toLowerCase().startsWith("m") ? "mm" : "inches";
}

/** A size written as a decimal or a fraction, with its unit when one follows. */
function sizeAt(text: string, fileUnit: ToolUnit): { diameter: number; unit: ToolUnit } | null {
  const fraction = new RegExp(FRACTION + UNIT, "i").exec(text);
  if (fraction) {
    const denominator = Number(fraction[2]);
    if (denominator > 0) {
      // A fraction is an inch size unless a unit says otherwise.
      return { diameter: Number(fraction[1]) / denominator, unit: unitOf(fraction[3], "inches") };
    }
  }
  const decimal = new RegExp(NUMBER + UNIT, "i").exec(text);
  if (!decimal) return null;
  return { diameter: Number(decimal[1]), unit: unitOf(decimal[2], fileUnit) };
}

/** The comments of one line: `( ... )` groups and what follows `;`. */
function commentsOf(line: string): string[] {
  const found: string[] = [];
  const code = line.replace(/\(([^)]*(?:\([^)]*\)[^)]*)*)\)/g, (_, inner: string) => {
    found.push(inner);
    return " ";
  });
  const semicolon = code.indexOf(";");
  if (semicolon >= 0) found.push(code.slice(semicolon + 1));
  return found.map((comment) => comment.trim()).filter(Boolean);
}

const toolNumberOf = (text: string): number | null => {
  const match = /\bT\s*(\d{1,3})\b/i.exec(text);
  return match ? Number(match[1]) : null;
};

/** One comment's tool, or null when it describes none. */
function readComment(
  comment: string,
  line: string,
  fileUnit: ToolUnit,
  inToolList: boolean,
): ToolComment | null {
  // Fusion 360: "T1  D=6.35 CR=0 - ZMIN=-19.8 - flat end mill".
  const fusion = new RegExp(String.raw`^T\s*(\d+)\s+D\s*=\s*` + NUMBER, "i").exec(comment);
  if (fusion) {
    return { tool: Number(fusion[1]), diameter: Number(fusion[2]), unit: fileUnit, type: typeOf(comment) };
  }
  // Carbide Create (APT style): "TOOL/MILL,diameter,corner radius,length,angle".
  const apt = new RegExp(
    String.raw`^TOOL\s*/\s*(\w+)\s*,\s*` + NUMBER + String.raw`(?:\s*,\s*` + NUMBER + ")?",
    "i",
  ).exec(comment);
  if (apt) {
    const diameter = Number(apt[2]);
    const radius = apt[3] ? Number(apt[3]) : 0;
    const kind = apt[1]!.toUpperCase();
    const type: ToolType | null =
      kind === "CHAMFER" || kind === "VBIT"
        ? "V Bit"
        : kind === "BALL" || (radius > 0 && Math.abs(radius * 2 - diameter) < 1e-6)
          ? "Ball Nose"
          : kind === "DRILL"
            ? "Drill Mill"
            : "Upcut Endmill";
    return { tool: null, diameter, unit: fileUnit, type };
  }
  // "DIAMETER = 0.25", "TOOL DIAMETER: 3.0", "Bit diameter: 1/8\"", "Dia 6mm", "D=3".
  const labelled = /\b(?:dia(?:meter)?|ø|⌀|\bD)\s*[=:]?\s*(?=[\d.])/i.exec(comment);
  if (labelled) {
    const size = sizeAt(comment.slice(labelled.index + labelled[0].length), fileUnit);
    if (size) return { tool: toolNumberOf(comment) ?? toolNumberOf(line), ...size, type: typeOf(comment) };
  }
  // CamBam tool list: "T0 : 3.175".
  const cambam = new RegExp(String.raw`^T\s*(\d+)\s*:\s*` + NUMBER + UNIT + String.raw`\s*$`, "i").exec(
    comment,
  );
  if (cambam) {
    return {
      tool: Number(cambam[1]),
      diameter: Number(cambam[2]),
      unit: unitOf(cambam[3], fileUnit),
      type: null,
    };
  }
  // A named cutter with a size: Vectric "End Mill (6 mm)", "Use a 1/4 inch bit", "3mm Endmill",
  // or any line of Estlcam's "Required tools" list.
  const type = typeOf(comment);
  if (type || inToolList || /\b(?:tool|bit|cutter)\b/i.test(comment)) {
    const sized = new RegExp(`(?:${FRACTION}|${NUMBER})${UNIT}`, "gi");
    for (const match of comment.matchAll(sized)) {
      const hasUnit = match[4] !== undefined || match[1] !== undefined;
      // A bare number beside the word "tool" is more likely a tool number than a size.
      if (!hasUnit && !type) continue;
      const size = sizeAt(match[0], fileUnit);
      if (size && size.diameter > 0) {
        return { tool: toolNumberOf(comment) ?? toolNumberOf(line), ...size, type };
      }
    }
  }
  return null;
}

/**
 * The tools named in a program's comments, in the order first named, one per (tool number,
 * diameter, unit). `fileUnits` is the program's unit (G20 inch, else mm), used for sizes
 * written without one.
 */
export function readToolComments(text: string, fileUnits: "mm" | "inch"): ToolComment[] {
  const fileUnit: ToolUnit = fileUnits === "inch" ? "inches" : "mm";
  const tools: ToolComment[] = [];
  let inToolList = false;
  for (const line of text.split(/\r?\n/)) {
    const comments = commentsOf(line);
    if (comments.length === 0) {
      if (line.trim() !== "") inToolList = false;
      continue;
    }
    for (const comment of comments) {
      if (/^required tools\s*:?$/i.test(comment)) {
        inToolList = true;
        continue;
      }
      if (/^mode\s*:/i.test(comment)) continue;
      const tool = readComment(comment, line, fileUnit, inToolList);
      if (!tool || !(tool.diameter > 0) || !Number.isFinite(tool.diameter)) continue;
      const known = tools.find(
        (other) => other.tool === tool.tool && other.diameter === tool.diameter && other.unit === tool.unit,
      );
      if (known) known.type ??= tool.type;
      else tools.push(tool);
    }
  }
  return tools;
}

/** The tool bit types, for callers that check a stored value. */
export const isToolType = (value: unknown): value is ToolType =>
  typeof value === "string" && (TOOL_TYPES as readonly string[]).includes(value);
