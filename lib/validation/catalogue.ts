import { z } from "zod";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema, repeatedIdSchema } from "./common";

export const brandSchema = z.object({ _id: z.string(), name: z.string(), link: z.string().nullable() });

export const modelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  link: z.string().nullable(),
  cncBrand: z.object({ _id: z.string(), name: z.string() }),
});

export const variantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  cncModel: z.string(),
  brandName: z.string(),
  modelName: z.string(),
  brandLink: z.string().nullable(),
  modelLink: z.string().nullable(),
  variantLink: z.string().nullable(),
  workArea: z.object({ xMm: z.number(), yMm: z.number(), zMm: z.number().nullable() }),
  isConfirmed: z.boolean(),
});

export type CncBrand = z.infer<typeof brandSchema>;
export type CncModel = z.infer<typeof modelSchema>;
export type CncVariant = z.infer<typeof variantSchema>;

export const getBrandsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/cncBrand/getBrands",
  summary: "All CNC brands",
  tag: "CNC catalogue",
  auth: "none",
  sharedCache: true,
  response: z.object({ brands: z.array(brandSchema) }),
});

export const getModelsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/cncModel/getModels",
  summary: "CNC models of the given brands (brandId repeated); all models when none is given",
  tag: "CNC catalogue",
  auth: "none",
  sharedCache: true,
  query: z.object({ brandId: repeatedIdSchema.optional() }),
  response: z.object({ models: z.array(modelSchema) }),
});

export const getVariantsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/cncVariant/getVariants",
  summary:
    "CNC variants of the given models and the given variants (both repeated); all when neither is given",
  tag: "CNC catalogue",
  auth: "none",
  sharedCache: true,
  query: z.object({ modelId: repeatedIdSchema.optional(), variantId: repeatedIdSchema.optional() }),
  response: z.object({ variants: z.array(variantSchema) }),
});

export const catalogueIdSchema = idSchema;
