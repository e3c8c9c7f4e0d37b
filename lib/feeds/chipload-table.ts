/*
 * Recommended chiploads of solid carbide router bits, per material and bit diameter, as the bit
 * makers publish them (docs/feeds.md lists each source with its figures). Framework-free.
 *
 * Every chart gives inches per tooth for a depth of cut equal to the bit diameter, at 1/8", 1/4",
 * 3/8" and 1/2". The table keeps their numbers as printed and converts to millimetres on use.
 */

export interface ChiploadSource {
  id: string;
  name: string;
  url: string;
}

export const CHIPLOAD_SOURCES = {
  ast: {
    id: "ast",
    name: "AST Tooling, Speeds and Feeds: Spiral Router Bits",
    url: "https://www.asttooling.com/pages/speeds-and-feeds-charts",
  },
  cutterShop: {
    id: "cutterShop",
    name: "Cutter Shop, Feeds and Speeds: Chip Load Chart",
    url: "http://www.cutter-shop.com/main.asp?sitepages=feeds_and_speeds",
  },
} as const satisfies Record<string, ChiploadSource>;

export type ChiploadSourceId = keyof typeof CHIPLOAD_SOURCES;

/** The chart columns, inches. */
export const CHART_DIAMETERS_IN = [0.125, 0.25, 0.375, 0.5] as const;

type Range = readonly [number, number];

export interface ChiploadRow {
  /** The site's material value (lib/catalogue/enums.ts MATERIALS). */
  material: string;
  /** The chart's own name for the column. */
  chartMaterial: string;
  source: ChiploadSourceId;
  /** Inches per tooth, one range per CHART_DIAMETERS_IN. */
  inches: readonly [Range, Range, Range, Range];
}

/**
 * Materials without a row (Brass, Copper, Foam, EVA, Leather, Glass) have no check: neither chart
 * covers them.
 */
export const CHIPLOAD_TABLE: readonly ChiploadRow[] = [
  {
    material: "Wood (soft)",
    chartMaterial: "Softwood",
    source: "ast",
    inches: [
      [0.003, 0.005],
      [0.006, 0.008],
      [0.015, 0.017],
      [0.019, 0.021],
    ],
  },
  {
    material: "Wood (hard)",
    chartMaterial: "Hardwood",
    source: "ast",
    inches: [
      [0.002, 0.004],
      [0.005, 0.007],
      [0.013, 0.015],
      [0.017, 0.019],
    ],
  },
  {
    material: "MDF",
    chartMaterial: "MDF/Particle Board",
    source: "ast",
    inches: [
      [0.004, 0.007],
      [0.012, 0.015],
      [0.017, 0.019],
      [0.02, 0.025],
    ],
  },
  {
    material: "Plastic",
    chartMaterial: "Soft Plastic",
    source: "ast",
    inches: [
      [0.003, 0.005],
      [0.006, 0.009],
      [0.009, 0.011],
      [0.011, 0.014],
    ],
  },
  {
    material: "Acrylic",
    chartMaterial: "Acrylic",
    source: "cutterShop",
    inches: [
      [0.003, 0.005],
      [0.008, 0.01],
      [0.01, 0.012],
      [0.012, 0.015],
    ],
  },
  {
    material: "Aluminum",
    chartMaterial: "Aluminium",
    source: "cutterShop",
    inches: [
      [0.003, 0.004],
      [0.005, 0.007],
      [0.006, 0.008],
      [0.008, 0.01],
    ],
  },
];

export const MM_PER_INCH = 25.4;
/** Bits below this diameter are too small for the charts to say anything. */
export const MIN_CHART_DIAMETER_MM = (1 / 32) * MM_PER_INCH;
/** Bits above the largest column use it; beyond this (surfacing bits) the check is skipped. */
export const MAX_CHART_DIAMETER_MM = 1 * MM_PER_INCH;

export function findChiploadRow(material: string | null | undefined): ChiploadRow | null {
  if (!material) return null;
  return CHIPLOAD_TABLE.find((row) => row.material === material) ?? null;
}

/**
 * The chart's range for a bit diameter in mm at a depth of cut of one diameter: linear between
 * columns, scaled down linearly to zero below 1/8" (chipload grows with the bit), the 1/2" column
 * up to 1". Null outside [1/32", 1"].
 */
export function chartRangeMm(row: ChiploadRow, diameterMm: number): [number, number] | null {
  if (!(diameterMm >= MIN_CHART_DIAMETER_MM - 1e-9) || diameterMm > MAX_CHART_DIAMETER_MM + 1e-9) return null;
  const inches = diameterMm / MM_PER_INCH;
  const columns = CHART_DIAMETERS_IN;
  const pick = (index: number): Range => row.inches[index]!;
  let range: [number, number];
  if (inches <= columns[0]) {
    const share = inches / columns[0];
    range = [pick(0)[0] * share, pick(0)[1] * share];
  } else if (inches >= columns[columns.length - 1]!) {
    range = [...pick(columns.length - 1)];
  } else {
    const upper = columns.findIndex((column) => column >= inches);
    const lower = upper - 1;
    const share = (inches - columns[lower]!) / (columns[upper]! - columns[lower]!);
    range = [0, 1].map((end) => pick(lower)[end]! + (pick(upper)[end]! - pick(lower)[end]!) * share) as [
      number,
      number,
    ];
  }
  return [range[0] * MM_PER_INCH, range[1] * MM_PER_INCH];
}
