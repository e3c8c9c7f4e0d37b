import { describe, expect, it } from "vitest";
import { CATALOGUE_VARIANTS, controllerRapidMmPerMin } from "@/lib/catalogue/machines";
import { ASSUMED_RAPID_MM_PER_MIN, runTimeOnMachine } from "@/lib/gcode/run-time";

describe("run time on a machine", () => {
  // 600 s of cutting plus 5,000 mm of rapids at the assumed 5,000 mm/min (60 s): 660 s.
  const analysis = { units: "mm" as const, rapidDistance: 5000, estimatedSeconds: 660 };

  it("keeps the analysis' estimate at the assumed rapid rate", () => {
    expect(runTimeOnMachine(analysis, ASSUMED_RAPID_MM_PER_MIN)).toBeCloseTo(660, 9);
  });

  it("replaces the rapids with the machine's rate: 5,000 mm at 10,000 mm/min is 30 s", () => {
    expect(runTimeOnMachine(analysis, 10_000)).toBeCloseTo(630, 9);
    expect(runTimeOnMachine(analysis, 2_500)).toBeCloseTo(720, 9);
  });

  it("reads an inch file's rapid length in inches", () => {
    // 100 in = 2,540 mm: 30.48 s at 5,000 mm/min, 15.24 s at 10,000.
    const inches = { units: "inch" as const, rapidDistance: 100, estimatedSeconds: 100 };
    expect(runTimeOnMachine(inches, 10_000)).toBeCloseTo(100 - 30.48 + 15.24, 9);
  });

  it("ignores a rate that is not a positive number", () => {
    expect(runTimeOnMachine(analysis, 0)).toBe(660);
    expect(runTimeOnMachine(analysis, Number.NaN)).toBe(660);
  });
});

describe("controller rapid rates", () => {
  it("gives the Onefinity BB controller's 10 m/min and nothing for controllers without a source", () => {
    const onefinity = CATALOGUE_VARIANTS.filter((variant) => variant.controller.includes("Buildbotics"));
    expect(onefinity.length).toBeGreaterThan(0);
    for (const variant of onefinity) expect(controllerRapidMmPerMin(variant.controller)).toBe(10_000);
    expect(controllerRapidMmPerMin("MASSO G3 Touch")).toBeNull();
    expect(controllerRapidMmPerMin(null)).toBeNull();
  });
});
