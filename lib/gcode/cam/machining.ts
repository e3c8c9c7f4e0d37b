import type { Units } from "./writer";

/** Feeds, speeds and heights for a hobby router (Onefinity + Makita-class trim router) in wood. */
export interface RouterSettings {
  units: Units;
  /** Retract height above the material. */
  safeZ: number;
  /** Rapid down to this height above the last cut level before feeding in. */
  clearance: number;
  feed: number;
  plungeFeed: number;
  stepDown: number;
  rpm: number;
  /** Unit suffix for header comments. */
  unitLabel: string;
  feedLabel: string;
}

export const ROUTER_RPM = 18000;

const MM_PER_INCH = 25.4;

export const toMm = (value: number, units: Units): number => (units === "mm" ? value : value * MM_PER_INCH);
export const fromMm = (value: number, units: Units): number => (units === "mm" ? value : value / MM_PER_INCH);

const roundTo = (value: number, step: number): number => Math.round(value / step) * step;

function baseSettings(
  units: Units,
): Pick<RouterSettings, "units" | "safeZ" | "clearance" | "unitLabel" | "feedLabel"> {
  return units === "mm"
    ? { units, safeZ: 5, clearance: 1, unitLabel: "mm", feedLabel: "mm/min" }
    : { units, safeZ: 0.2, clearance: 0.04, unitLabel: "in", feedLabel: "in/min" };
}

/** Flat end mill: chip-load-ish feed from the diameter, half-diameter step-down. */
export function endMillSettings(units: Units, toolDiameter: number): RouterSettings {
  const diameterMm = toMm(toolDiameter, units);
  const feedMm = roundTo(Math.min(2500, Math.max(750, diameterMm * 240)), 50);
  const plungeMm = roundTo(feedMm / 3, 10);
  const stepDownMm = Math.min(6, Math.max(0.5, diameterMm / 2));
  return {
    ...baseSettings(units),
    feed: units === "mm" ? feedMm : Math.round(feedMm / MM_PER_INCH),
    plungeFeed: units === "mm" ? plungeMm : Math.round(plungeMm / MM_PER_INCH),
    stepDown: units === "mm" ? roundTo(stepDownMm, 0.1) : roundTo(stepDownMm / MM_PER_INCH, 0.005),
    rpm: ROUTER_RPM,
  };
}

/** 60 degree V-bit engraving: one pass at the full (shallow) depth. */
export function vBitSettings(units: Units, depth: number): RouterSettings {
  return {
    ...baseSettings(units),
    feed: units === "mm" ? 1270 : 50,
    plungeFeed: units === "mm" ? 380 : 15,
    stepDown: depth,
    rpm: ROUTER_RPM,
  };
}

/** Depth levels from the first pass to exactly -depth, in equal steps no deeper than `stepDown`. */
export function depthLevels(depth: number, stepDown: number): number[] {
  const passes = Math.max(1, Math.ceil(depth / stepDown - 1e-9));
  return Array.from({ length: passes }, (_, k) => (k + 1 === passes ? -depth : (-depth * (k + 1)) / passes));
}

export interface LaserSettings {
  units: Units;
  vectorFeed: number;
  rasterFeed: number;
  /** grbl's $30: the S value of full power. */
  maxS: number;
  /** Distance between raster scan lines and between power samples along a line. */
  lineInterval: number;
  sampleInterval: number;
  feedLabel: string;
}

export function laserSettings(units: Units): LaserSettings {
  return units === "mm"
    ? {
        units,
        vectorFeed: 3000,
        rasterFeed: 6000,
        maxS: 1000,
        lineInterval: 0.2,
        sampleInterval: 0.5,
        feedLabel: "mm/min",
      }
    : {
        units,
        vectorFeed: 120,
        rasterFeed: 240,
        maxS: 1000,
        lineInterval: 0.008,
        sampleInterval: 0.02,
        feedLabel: "in/min",
      };
}

/** `0.25` -> `1/4"`, `6.35` -> `6.35 mm`. */
export function formatToolSize(diameter: number, units: Units): string {
  if (units === "mm") return `${Number(diameter.toFixed(3))} mm`;
  for (const denominator of [2, 4, 8, 16, 32]) {
    const numerator = diameter * denominator;
    if (Math.abs(numerator - Math.round(numerator)) < 1e-6) {
      const whole = Math.floor(Math.round(numerator) / denominator);
      const rest = Math.round(numerator) - whole * denominator;
      if (rest === 0) return `${whole}"`;
      return `${whole > 0 ? `${whole}-` : ""}${rest}/${denominator}"`;
    }
  }
  return `${Number(diameter.toFixed(4))}"`;
}
