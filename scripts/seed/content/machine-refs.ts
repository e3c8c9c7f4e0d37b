/**
 * Short names for the catalogue variants used by the demo content, and the groups of Onefinity
 * machines projects declare as supported. Every entry type-checks against lib/catalogue/machines.
 */
import type { MachineRef } from "../../../lib/catalogue/machines";

export const SEED_MACHINE_REFS = {
  machinistZ16: {
    brand: "Onefinity",
    model: "Machinist",
    variant: "Original series, X-35 rails, Z-16 slider",
  },
  machinistZ20: {
    brand: "Onefinity",
    model: "Machinist",
    variant: "Original series, X-35 rails, Z-20 Heavy Duty slider (upgrade)",
  },
  woodworkerX35Z16: {
    brand: "Onefinity",
    model: "Woodworker",
    variant: "Original series, X-35 rails, Z-16 slider",
  },
  woodworkerX35Z20: {
    brand: "Onefinity",
    model: "Woodworker",
    variant: "Original series, X-35 rails, Z-20 Heavy Duty slider (upgrade)",
  },
  woodworkerX50Z16: {
    brand: "Onefinity",
    model: "Woodworker",
    variant: "PRO series (Gen 1), X-50 rails, Z-16 slider",
  },
  woodworkerX50Z20: {
    brand: "Onefinity",
    model: "Woodworker",
    variant: "PRO series (Gen 1), X-50 rails, Z-20 Heavy Duty slider",
  },
  journeymanZ16: {
    brand: "Onefinity",
    model: "Journeyman",
    variant: "PRO series (Gen 1), X-50 rails, Z-16 slider",
  },
  journeymanZ20: {
    brand: "Onefinity",
    model: "Journeyman",
    variant: "PRO series (Gen 1), X-50 rails, Z-20 Heavy Duty slider",
  },
  foremanZ16: {
    brand: "Onefinity",
    model: "Foreman",
    variant: "PRO series (Gen 1) 'Foreman Pro', Z-16 slider",
  },
  foremanZ20: {
    brand: "Onefinity",
    model: "Foreman",
    variant: "PRO series (Gen 1) 'Foreman Pro', Z-20 Heavy Duty slider",
  },
  eliteWoodworkerGen1: {
    brand: "Onefinity",
    model: "Elite Woodworker",
    variant: "Elite series Gen 1 (MASSO G3 Touch, closed-loop steppers)",
  },
  eliteJourneymanGen1: {
    brand: "Onefinity",
    model: "Elite Journeyman",
    variant: "Elite series Gen 1 (MASSO G3 Touch, closed-loop steppers)",
  },
  eliteForemanGen1: {
    brand: "Onefinity",
    model: "Elite Foreman",
    variant: "Elite series Gen 1 (MASSO G3 Touch, closed-loop steppers)",
  },
  eliteWoodworkerGen2: {
    brand: "Onefinity",
    model: "Elite Woodworker",
    variant: "Elite series Gen 2 (Redline)",
  },
  eliteJourneymanGen2: {
    brand: "Onefinity",
    model: "Elite Journeyman",
    variant: "Elite series Gen 2 (Redline)",
  },
  eliteForemanGen2: { brand: "Onefinity", model: "Elite Foreman", variant: "Elite series Gen 2 (Redline)" },
  apprentice: { brand: "Onefinity", model: "Apprentice", variant: '16.5 × 16.5"' },
  shapeoko5Pro4x4: { brand: "Others", model: "Shapeoko 5 Pro", variant: "4x4" },
  shapeoko5Pro4x2: { brand: "Others", model: "Shapeoko 5 Pro", variant: "4x2" },
  shapeoko5Pro2x2: { brand: "Others", model: "Shapeoko 5 Pro", variant: "2x2" },
  shapeoko4Standard: { brand: "Others", model: "Shapeoko 4", variant: "Standard" },
  shapeoko4Xl: { brand: "Others", model: "Shapeoko 4", variant: "XL" },
  shapeoko4Xxl: { brand: "Others", model: "Shapeoko 4", variant: "XXL" },
  xCarvePro4x4: { brand: "Others", model: "X-Carve Pro", variant: "4x4" },
  xCarvePro4x2: { brand: "Others", model: "X-Carve Pro", variant: "4x2" },
  avidPro4848: { brand: "Others", model: "PRO4848", variant: "4' x 4' router" },
  avidPro4896: { brand: "Others", model: "PRO4896", variant: "4' x 8' router" },
  avidPro4824: { brand: "Others", model: "PRO4824", variant: "4' x 2' router" },
  longMill30x30: { brand: "Others", model: "LongMill MK2", variant: "30x30" },
  longMill12x30: { brand: "Others", model: "LongMill MK2", variant: "12x30" },
  longMill48x30: { brand: "Others", model: "LongMill MK2", variant: "48x30" },
  carvera: { brand: "Others", model: "Carvera", variant: "desktop CNC with ATC" },
  carveraAir: { brand: "Others", model: "Carvera Air", variant: "desktop CNC" },
} as const satisfies Record<string, MachineRef>;

const m = SEED_MACHINE_REFS;

/** Woodworker-class and larger: 812.8 mm (32 in) or more on both axes. */
export const ONEFINITY_32_AND_UP: readonly MachineRef[] = [
  m.woodworkerX35Z16,
  m.woodworkerX35Z20,
  m.woodworkerX50Z16,
  m.woodworkerX50Z20,
  m.journeymanZ16,
  m.journeymanZ20,
  m.foremanZ16,
  m.foremanZ20,
  m.eliteWoodworkerGen1,
  m.eliteJourneymanGen1,
  m.eliteForemanGen1,
  m.eliteWoodworkerGen2,
  m.eliteJourneymanGen2,
  m.eliteForemanGen2,
];

/** Every Onefinity variant; for jobs within the Machinist's 410 × 410 mm. */
export const ONEFINITY_ALL: readonly MachineRef[] = [
  m.machinistZ16,
  m.machinistZ20,
  m.apprentice,
  ...ONEFINITY_32_AND_UP,
];

/** Journeyman- and Foreman-class: at least 1219.2 × 812.8 mm. */
export const ONEFINITY_48X32_AND_UP: readonly MachineRef[] = [
  m.journeymanZ16,
  m.journeymanZ20,
  m.foremanZ16,
  m.foremanZ20,
  m.eliteJourneymanGen1,
  m.eliteForemanGen1,
  m.eliteJourneymanGen2,
  m.eliteForemanGen2,
];
