import { z } from "zod";
import { MATERIAL_VALUES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";

/** One endmill's feeds check (lib/feeds/feeds-check.ts FeedCheck). */
export const feedCheckSchema = z.object({
  tool: z.object({
    _id: z.string(),
    /** The file's T number (0 when it names none). */
    number: z.number(),
    diameterMm: z.number(),
    type: z.string().nullable(),
  }),
  feedMmPerMin: z.number(),
  rpm: z.number(),
  flutes: z.number(),
  chiploadMm: z.number(),
  /** The chart's range for the material and diameter after the depth rule, mm per tooth. */
  recommendedMm: z.tuple([z.number(), z.number()]),
  status: z.enum(["ok", "low", "high"]),
  material: z.string(),
  depthOfCutMm: z.number().nullable(),
  depthFactor: z.number(),
  source: z.object({ name: z.string(), url: z.string() }),
});
export type FeedCheckPayload = z.infer<typeof feedCheckSchema>;

export const ATLAS_MESSAGES = {
  material: "Choose a material from the list",
  diameter: "Diameter must be a number of millimetres from 0.5 to 50",
} as const;

export const atlasQuerySchema = z.object({
  material: z.enum(MATERIAL_VALUES, { message: ATLAS_MESSAGES.material }).optional(),
  /** Bit diameter in mm: makes within 2% of it (a 1/4" bit is 6.35 mm). */
  diameter: z.coerce
    .number({ message: ATLAS_MESSAGES.diameter })
    .min(0.5, ATLAS_MESSAGES.diameter)
    .max(50, ATLAS_MESSAGES.diameter)
    .optional(),
});
export type AtlasQuery = z.infer<typeof atlasQuerySchema>;

const rangeSchema = z.object({ min: z.number(), max: z.number(), median: z.number() });

/** Rated makes of one material and bit diameter, beside the chart's range for them. */
export const atlasRowSchema = z.object({
  material: z.string(),
  diameterMm: z.number(),
  makes: z.number().int(),
  chiploadMm: rangeSchema,
  feedMmPerMin: rangeSchema,
  rpm: rangeSchema,
  averageRating: z.number(),
  /** Makes rated 4 stars or more: their chipload range, the one makers were happy with. */
  wellRated: z.object({ makes: z.number().int(), chiploadMm: rangeSchema.nullable() }),
  /** The shipped chart's range at a depth of one diameter; null when it has no row for the material. */
  chart: z
    .object({
      recommendedMm: z.tuple([z.number(), z.number()]),
      source: z.object({ name: z.string(), url: z.string() }),
    })
    .nullable(),
});
export type AtlasRow = z.infer<typeof atlasRowSchema>;

export const getChiploadAtlasEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/atlas/chipload",
  summary:
    "Chiploads makers cut with, from rated makes that name their material and a bit of the project's tool table, grouped by material and bit diameter, beside the shipped chart",
  tag: "Feeds",
  auth: "optional",
  sharedCache: true,
  query: atlasQuerySchema,
  response: z.object({ atlas: z.array(atlasRowSchema) }),
});
