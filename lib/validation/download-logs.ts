import { z } from "zod";
import { DOWNLOAD_LOG_RESOURCE_TYPES } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { paginationQuerySchema, paginationSchema } from "./common";

export const downloadLogSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  /** The project's title at download time. */
  title: z.string(),
  resourceType: z.enum(DOWNLOAD_LOG_RESOURCE_TYPES),
  postId: z.string().nullable(),
  createdAt: z.string(),
});

export type DownloadLog = z.infer<typeof downloadLogSchema>;

export const getDownloadLogsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/downloadLog",
  summary: "The caller's download history, newest first (page size 10 unless limit is given)",
  tag: "Download logs",
  auth: "required",
  query: paginationQuerySchema.extend({
    limit: paginationQuerySchema.shape.limit.unwrap().default(10),
  }),
  response: z.object({ downloadLogs: z.array(downloadLogSchema), pagination: paginationSchema }),
});
