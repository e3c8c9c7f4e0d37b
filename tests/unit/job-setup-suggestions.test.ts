import { describe, expect, it } from "vitest";
import {
  type AnalysedModel,
  everyModelIsLaser,
  jobSetupSuggestions,
  roundUpToJobStep,
  toolSuggestion,
} from "@/lib/gcode/job-setup-suggestions";

const model = (
  fileName: string,
  units: "mm" | "inch",
  min: [number, number, number],
  max: [number, number, number],
  extra: Partial<NonNullable<AnalysedModel["analysis"]>> = {},
): AnalysedModel => ({
  fileName,
  analysis: { units, cutBounds: { min, max }, isLaser: false, minCutZ: min[2], ...extra },
});

describe("job setup from the files", () => {
  it("reads a millimetre pocket: MM, its cut extents and depth rounded up to the 0.25 step", () => {
    const pocket = model("heatsink.nc", "mm", [-37, -34.5, -6.1], [37, 34.5, 5]);
    expect(jobSetupSuggestions([pocket])).toEqual({
      units: { value: "MM", from: ["heatsink.nc"] },
      jobSizeWidth: { value: 74, from: ["heatsink.nc"] },
      jobSizeHeight: { value: 69, from: ["heatsink.nc"] },
      jobSizeThickness: { value: 6.25, from: ["heatsink.nc"] },
    });
  });

  it("takes the largest extents of several files, in the author's units when chosen", () => {
    const a = model("a.nc", "mm", [0, 0, -3], [100, 129, 0]);
    const b = model("b.nc", "mm", [0, 0, -1], [74, 69, 0]);
    const both = jobSetupSuggestions([a, b]);
    expect(both.jobSizeWidth).toEqual({ value: 100, from: ["a.nc"] });
    expect(both.jobSizeHeight).toEqual({ value: 129, from: ["a.nc"] });
    expect(jobSetupSuggestions([a], "Inches").jobSizeWidth).toEqual({ value: 4, from: ["a.nc"] });
  });

  it("gives no units when the files disagree, and no thickness for a file cutting at Z0 (a laser)", () => {
    const inch = model("in.nc", "inch", [0, 0, -0.1], [4, 2, 0]);
    const mm = model("mm.nc", "mm", [0, 0, -1], [40, 20, 0]);
    expect(jobSetupSuggestions([inch, mm]).units).toBeUndefined();
    const laser = model("laser.gco", "mm", [0, 0, 0], [50, 30, 0], { isLaser: true, minCutZ: 0 });
    expect(jobSetupSuggestions([laser]).jobSizeThickness).toBeUndefined();
    expect(jobSetupSuggestions([{ fileName: "x.nc", analysis: null }])).toEqual({});
  });

  it("rounds up to the job-size step without climbing on an exact multiple", () => {
    expect(roundUpToJobStep(74)).toBe(74);
    expect(roundUpToJobStep(74.01)).toBe(74.25);
    expect(roundUpToJobStep(0.1)).toBe(0.25);
  });

  it("knows a laser-only project", () => {
    const laser = model("l.gco", "mm", [0, 0, 0], [1, 1, 0], { isLaser: true });
    const mill = model("m.nc", "mm", [0, 0, -1], [1, 1, 0]);
    expect(everyModelIsLaser([laser])).toBe(true);
    expect(everyModelIsLaser([laser, mill])).toBe(false);
    expect(everyModelIsLaser([])).toBe(false);
  });
});

describe("the tool a model proposes", () => {
  it("proposes Laser for a laser job, the commented tool for a mill, the default otherwise", () => {
    expect(toolSuggestion(model("l.gco", "mm", [0, 0, 0], [1, 1, 0], { isLaser: true }))).toEqual({
      family: "Laser",
      source: "laser",
    });
    const named = model("p.nc", "mm", [0, 0, -1], [1, 1, 0], {
      toolComments: [{ tool: 1, diameter: 3, unit: "mm", type: "Ball Nose" }],
    });
    expect(toolSuggestion(named)).toEqual({
      family: "Endmill",
      unit: "mm",
      size: 3,
      type: "Ball Nose",
      source: "comments",
    });
    expect(toolSuggestion(model("q.nc", "mm", [0, 0, -1], [1, 1, 0]))).toEqual({
      family: "Endmill",
      source: null,
    });
  });
});
