import { z } from "zod";
import { CATEGORY_TYPES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";

export const TAXONOMY_TYPES = CATEGORY_TYPES;

const taxonomyTypeQuery = z.object({
  type: z.enum(TAXONOMY_TYPES, { message: "type must be one of: post" }).default("post"),
});

export const categorySchema = z.object({ _id: z.string(), name: z.string(), type: z.enum(TAXONOMY_TYPES) });
export const tagSchema = z.object({ _id: z.string(), name: z.string(), type: z.enum(TAXONOMY_TYPES) });
export const partnerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  user: z.object({ _id: z.string(), username: z.string() }),
});

export type Category = z.infer<typeof categorySchema>;
export type Tag = z.infer<typeof tagSchema>;
export type Partner = z.infer<typeof partnerSchema>;

export const getCategoriesEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/category/getCategories",
  summary: "Categories of a type (post)",
  tag: "Taxonomy",
  auth: "none",
  sharedCache: true,
  query: taxonomyTypeQuery,
  response: z.object({ categories: z.array(categorySchema) }),
});

export const getTagsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/tag/getTags",
  summary: "Tags of a type (post)",
  tag: "Taxonomy",
  auth: "none",
  sharedCache: true,
  query: taxonomyTypeQuery,
  response: z.object({ tags: z.array(tagSchema) }),
});

export const getPartnersEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/partner/getPartners",
  summary: "Partners with their badge colour and user",
  tag: "Taxonomy",
  auth: "none",
  sharedCache: true,
  response: z.object({ partners: z.array(partnerSchema) }),
});
