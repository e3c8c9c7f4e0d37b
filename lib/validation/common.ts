import { z } from "zod";

/** Identifiers are opaque strings to clients; here they are UUIDs, checked before any query. */
export const idSchema = z.uuid({ message: "Invalid id" });

/** A query parameter that may be given once or repeated: always an array after parsing. */
export const repeatedIdSchema = z
  .union([idSchema, z.array(idSchema)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ message: "page must be a number" })
    .int()
    .min(1, "page must be at least 1")
    .default(1),
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int()
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(20),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
