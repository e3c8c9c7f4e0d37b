/**
 * What the demo-data generator can cut. The seed content describes each project's G-code with one
 * recipe; lib/gcode/cam turns it into a G-code program plus its Toolpath.
 * Sizes are in the recipe's units.
 */
export type DesignRecipe =
  | {
      kind: "pocket";
      units: "mm" | "inch";
      shape: "rectangle" | "circle";
      width: number;
      height: number;
      depth: number;
      toolDiameter: number;
      stepoverRatio: number;
    }
  | {
      kind: "profile";
      units: "mm" | "inch";
      /** Closed outline: rounded rectangle, circle, star, heart, or hexagon. */
      shape: "rounded-rectangle" | "circle" | "star" | "heart" | "hexagon";
      width: number;
      height: number;
      depth: number;
      toolDiameter: number;
      tabs: boolean;
    }
  | {
      kind: "vcarve-text";
      units: "mm" | "inch";
      text: string;
      letterHeight: number;
      depth: number;
      /** Optional border profile around the sign. */
      border: boolean;
    }
  | {
      kind: "laser-engrave";
      units: "mm" | "inch";
      /** Vector outline engraving of text, or a raster-filled shape. */
      mode: "text" | "raster-shape";
      text: string;
      width: number;
      height: number;
      /** Percent of the laser's full power (0-100); a value up to 1 is read as a fraction. */
      power: number;
    };

export interface GeneratedProgram {
  fileName: string;
  gcode: string;
}
