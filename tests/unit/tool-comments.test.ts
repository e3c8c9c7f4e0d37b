import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readToolComments, TOOL_COMMENT_HEAD_BYTES } from "@/lib/gcode/tool-comments";

/** Real files (../shared/gcode-corpus, see its SOURCES.md), read as the server reads them: the head. */
const CORPUS = path.resolve(__dirname, "../../../shared/gcode-corpus");
const head = (name: string) =>
  readFileSync(path.join(CORPUS, name)).subarray(0, TOOL_COMMENT_HEAD_BYTES).toString("utf8");

describe("tool comments in real files", () => {
  it("reads Fusion 360's tool line (diameter, flat end mill) in the file's units", () => {
    expect(readToolComments(head("m03-gsender-fusion360-sheeptile-arcs-G18-M6.nc"), "mm")).toEqual([
      { tool: 1, diameter: 6.35, unit: "mm", type: "Upcut Endmill" },
    ]);
    expect(readToolComments(head("m04-ledfloor-fusion360-wall-arcs.nc"), "mm")).toEqual([
      { tool: 1, diameter: 2.65, unit: "mm", type: "Upcut Endmill" },
    ]);
  });

  it("reads a LinuxCNC-style tool description with DIAMETER =", () => {
    expect(readToolComments(head("s09-gsender-maxnc-traindriveshaft-N-g20-A-axis.nc"), "inch")[0]).toEqual({
      tool: 1,
      diameter: 0.25,
      unit: "inches",
      type: "Upcut Endmill",
    });
  });

  it("reads CamBam's tool list and a fractional bit diameter", () => {
    expect(readToolComments(head("s08-ugs-cambam-electric-turtle-arcs-M6.nc"), "mm")).toEqual([
      { tool: 0, diameter: 3.175, unit: "mm", type: null },
    ]);
    expect(readToolComments(head("s02-ugs-sketchucam-arc-R-words-g20.gcode"), "inch")).toEqual([
      { tool: null, diameter: 0.125, unit: "inches", type: null },
    ]);
  });

  it("reads a tool change's own comment (M6 T17;Use a 1/4 inch bit)", () => {
    expect(readToolComments(head("s05-gsender-toolchange-M6-T.nc"), "mm")).toEqual([
      { tool: 17, diameter: 0.25, unit: "inches", type: null },
    ]);
  });

  it("reads a cutter described in prose (LinuxCNC sample: a 10mm ball nose)", () => {
    expect(readToolComments(head("m05-linuxcnc-3d-chips-N-params-expressions.ngc"), "mm")).toEqual([
      { tool: null, diameter: 10, unit: "mm", type: "Ball Nose" },
    ]);
  });

  it("finds nothing in files that name no tool (Vectric header without names, laser jobs)", () => {
    expect(readToolComments(head("l05-gsender-vectric-skull-finishing-rotary-A.gcode"), "mm")).toEqual([]);
    expect(readToolComments(head("m06-gsender-lightburn-g2-lens-laser-G91-M4.nc"), "mm")).toEqual([]);
    expect(readToolComments(head("m09-cncjs-tball-pocket.gcode"), "mm")).toEqual([]);
  });
});

describe("tool comment styles", () => {
  it("reads Vectric tool names with their size", () => {
    expect(readToolComments("(T1 = End Mill (6 mm))\nG21\n", "mm")).toEqual([
      { tool: 1, diameter: 6, unit: "mm", type: "Upcut Endmill" },
    ]);
    expect(readToolComments('( Tool: Ball Nose (1/8") )\nG20\n', "inch")).toEqual([
      { tool: null, diameter: 0.125, unit: "inches", type: "Ball Nose" },
    ]);
    expect(readToolComments("(Tool: V-Bit (60 deg 12.7 mm))", "mm")[0]).toMatchObject({ type: "V Bit" });
  });

  it("reads Carbide Create's APT tool line", () => {
    expect(readToolComments("(TOOL/MILL,3.175,0.00,0.00,0.00)", "mm")).toEqual([
      { tool: null, diameter: 3.175, unit: "mm", type: "Upcut Endmill" },
    ]);
    expect(readToolComments("(TOOL/MILL,0.25,0.125,0.00,0.00)", "inch")).toEqual([
      { tool: null, diameter: 0.25, unit: "inches", type: "Ball Nose" },
    ]);
    expect(readToolComments("(TOOL/CHAMFER,12.7,0.00,0.00,90.00)", "mm")[0]).toMatchObject({ type: "V Bit" });
  });

  it("reads Estlcam's required tools list", () => {
    const text =
      "(Created with Estlcam 12.072)\n\n(Required tools:)\n(Mode: Milling)\n(3mm Endmill)\nG00 X0 Y0\n";
    expect(readToolComments(text, "mm")).toEqual([
      { tool: null, diameter: 3, unit: "mm", type: "Upcut Endmill" },
    ]);
  });

  it("reads TOOL DIAMETER: in the file's units, and T M6 comments", () => {
    expect(readToolComments("(TOOL DIAMETER: 3.0)\nG21", "mm")).toEqual([
      { tool: null, diameter: 3, unit: "mm", type: null },
    ]);
    expect(readToolComments('T2 M6 (1/4" downcut endmill)', "mm")).toEqual([
      { tool: 2, diameter: 0.25, unit: "inches", type: "Downcut Endmill" },
    ]);
  });

  it("does not take a tool number or a time for a size", () => {
    expect(
      readToolComments("(Tool 3)\n(Machining time about 00:00:09 hours)\n(Toolpath: Pocket 2)", "mm"),
    ).toEqual([]);
  });
});
