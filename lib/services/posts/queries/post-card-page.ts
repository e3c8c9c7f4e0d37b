import "server-only";
import type { SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { type Pagination, pageOffset, pagination } from "@/lib/services/paging";
import type { PostSummary } from "@/lib/validation/posts";
import { loadPostCards, pageOf } from "./to-post-summaries";

/**
 * One page of a listing of posts as cards, and the listing's total, read side by side: `ids`
 * selects `id` and `ord` (placeIn(order)) from the listing, `count` counts the same rows.
 */
export async function loadPostCardPage({
  ids,
  order,
  count,
  page,
  limit,
  actorId,
}: {
  ids: PgSelect;
  order: SQL[];
  count: PromiseLike<{ total: number }[]>;
  page: number;
  limit: number;
  actorId: string | null;
}): Promise<{ cards: PostSummary[]; pagination: Pagination }> {
  const [cards, [totalRow]] = await Promise.all([
    loadPostCards(
      pageOf(
        ids
          .orderBy(...order)
          .limit(limit)
          .offset(pageOffset(page, limit)),
      ),
      { actorId },
    ),
    count,
  ]);
  return { cards, pagination: pagination(page, limit, Number(totalRow?.total ?? 0)) };
}
