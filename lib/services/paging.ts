import "server-only";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import type { paginationSchema } from "@/lib/validation/common";

/** A page of one of the actor's own listings: 1-based `page` of `limit` rows. */
export interface ActorPageRequest {
  actor: Actor;
  page: number;
  limit: number;
}

export type Pagination = z.infer<typeof paginationSchema>;

/** The rows a page skips. */
export const pageOffset = (page: number, limit: number) => (page - 1) * limit;

/** `count(*)` as a number, for a listing's total. */
export const countAll = () => sql<number>`count(*)::int`;

/** The pagination block of a listing's answer, from the total of the whole listing. */
export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
