import { describe, expect, it } from "vitest";
import {
  buildPreflightReport,
  type PreflightInput,
  scanGcodeHead,
} from "@/lib/gcode/preflight";

const cleanHead = { declaredUnits: "G21", firstCutLine: 5, spindleOnAtFirstCut: true } as const;
const analysis = {
  units: "mm" as const,
  cutBounds: { min: [0, 0, -5], max: [100, 80, 0] },
  tools: [1],
  isLaser: false,
  minCutZ: -5,
  spindleSpeeds: [18000],
};
const job = {
  units: "MM",
  jobType: "Flat",
  zZeroPosition: "Material Surface",
  width: 120,
  height: 100,
  thickness: 10,
  diameter: null,
  length: null,
};
const input = (overrides: Partial<PreflightInput> = {}): PreflightInput => ({
  analysis,
  head: cleanHead,
  job,
  mappedTools: [{ laserOrEndmill: "Endmill" }],
  ...overrides,
});
const warnings = (overrides: Partial<PreflightInput> = {}) => buildPreflightReport(input(overrides)).warnings;

describe("pre-flight report", () => {
  it("has no warnings for a program that matches its job setup", () => {
    expect(buildPreflightReport(input())).toEqual({ version: 2, warnings: [], feeds: [] });
  });

  it("compares the file's G20/G21 with the job's units", () => {
    expect(warnings({ head: { ...cleanHead, declaredUnits: "G20" } })).toContain(
      "The file is in inches (G20) but the job setup says MM.",
    );
    expect(warnings({ job: { ...job, units: "Inches" } })).toContain(
      "The file is in millimetres (G21) but the job setup says Inches.",
    );
    expect(warnings({ head: { ...cleanHead, declaredUnits: null } })).toContain(
      "The file does not set its units (no G20 or G21): the machine will run it in whatever units it was left in.",
    );
    expect(warnings({ head: { ...cleanHead, declaredUnits: "both" } })).toContain(
      "The file switches between inches (G20) and millimetres (G21) before its first cut.",
    );
    // Without the head, the analysis' units decide.
    expect(warnings({ head: null, analysis: { ...analysis, units: "inch" } })[0]).toBe(
      "The file is in inches (G20) but the job setup says MM.",
    );
  });

  it("warns when the first cut comes before the spindle starts (not for lasers)", () => {
    const late = { ...cleanHead, firstCutLine: 12, spindleOnAtFirstCut: false };
    expect(warnings({ head: late })).toContain(
      "The first cut (line 12) comes before the spindle is switched on (M3 or M4).",
    );
    expect(
      warnings({
        head: late,
        analysis: { ...analysis, isLaser: true },
        mappedTools: [{ laserOrEndmill: "Laser" }],
      }),
    ).toEqual([]);
    expect(warnings({ head: null, analysis: { ...analysis, spindleSpeeds: [] } })).toContain(
      "The spindle is never switched on with a speed (M3 or M4 with S) while cutting.",
    );
  });

  it("compares the deepest cut with the job thickness, in the job's units", () => {
    expect(warnings({ analysis: { ...analysis, minCutZ: -12 } })).toContain(
      "The deepest cut (12 mm) is deeper than the job thickness (10 mm): the bit will cut into the spoilboard.",
    );
    // 0.5 in = 12.7 mm against a 0.25 in board.
    expect(
      warnings({
        head: { ...cleanHead, declaredUnits: "G20" },
        analysis: { ...analysis, units: "inch", minCutZ: -0.5, cutBounds: { min: [0, 0], max: [1, 1] } },
        job: { ...job, units: "Inches", thickness: 0.25, width: 2, height: 2 },
      }),
    ).toEqual([
      "The deepest cut (0.5 in) is deeper than the job thickness (0.25 in): the bit will cut into the spoilboard.",
    ]);
    expect(warnings({ analysis: { ...analysis, minCutZ: -10.05 } })).toEqual([]);
    expect(
      warnings({ job: { ...job, zZeroPosition: "Machine Bed" }, analysis: { ...analysis, minCutZ: -1 } }),
    ).toContain("The cuts go 1 mm below Z0, which the job setup puts on the machine bed.");
  });

  it("compares the tools in the file with the tools mapped in step 4", () => {
    expect(warnings({ mappedTools: [] })).toEqual(["No tool is mapped to this model in step 4."]);
    expect(warnings({ analysis: { ...analysis, tools: [1, 2, 5] } })).toContain(
      "The file changes between 3 tools (T1, T2, T5) but step 4 maps 1 tool to it.",
    );
    expect(
      warnings({
        analysis: { ...analysis, tools: [1, 2] },
        mappedTools: [{ laserOrEndmill: "Endmill" }, { laserOrEndmill: "Endmill" }],
      }),
    ).toEqual([]);
    expect(warnings({ analysis: { ...analysis, isLaser: true, minCutZ: 0 } })).toContain(
      "The file looks like a laser job, but step 4 maps an endmill to it.",
    );
    expect(warnings({ mappedTools: [{ laserOrEndmill: "Laser" }] })).toContain(
      "The file looks like a spindle (endmill) job, but step 4 maps a laser to it.",
    );
  });

  it("warns about cuts outside the job size (flat and rotary)", () => {
    expect(warnings({ job: { ...job, width: 90 } })).toContain(
      "The cuts cover 100 x 80 mm, more than the job size (90 x 100 mm).",
    );
    expect(
      warnings({
        job: {
          ...job,
          jobType: "Rotary",
          width: null,
          height: null,
          thickness: null,
          diameter: 50,
          length: 60,
        },
      }),
    ).toEqual(["The cuts run 100 mm along X, longer than the job length (60 mm)."]);
  });

  it("skips the checks it has no inputs for", () => {
    expect(
      warnings({
        analysis: null,
        head: null,
        job: {
          units: null,
          jobType: null,
          zZeroPosition: null,
          width: null,
          height: null,
          thickness: null,
          diameter: null,
          length: null,
        },
      }),
    ).toEqual([]);
  });
});

describe("scanGcodeHead", () => {
  it("finds the units and a spindle started before the first cut", () => {
    const program = ["G21 G90", "G0 Z5", "G0 X0 Y0", "M3 S18000", "G1 Z-1 F300", "G1 X10 Y0"].join("\n");
    expect(scanGcodeHead(program)).toEqual({
      declaredUnits: "G21",
      firstCutLine: 6,
      spindleOnAtFirstCut: true,
    });
  });

  it("sees a cut before M3, ignores comments and reads relative moves", () => {
    const program = [
      "(G20 in a comment) ; G20",
      "G00 Z5.0",
      "G91",
      "G01 Z-6 F200",
      "G01 X10",
      "M03 S12000",
    ].join("\r\n");
    expect(scanGcodeHead(program)).toEqual({
      declaredUnits: null,
      firstCutLine: 5,
      spindleOnAtFirstCut: false,
    });
  });

  it("reports both unit words and a head without a cut", () => {
    expect(scanGcodeHead("G20\nG21\nG0 Z1\nG1 X5 Z1")).toEqual({
      declaredUnits: "both",
      firstCutLine: null,
      spindleOnAtFirstCut: null,
    });
  });
});
