import "server-only";
import { eq, sql } from "drizzle-orm";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { posts, users } from "@/lib/db/schema";
import { listedPostsWhere } from "./post-access";
import {
  AUTOCOMPLETE_LIMIT,
  AUTOCOMPLETE_MIN_LENGTH,
  type AutocompleteSuggestion,
} from "@/lib/validation/posts";

/** LIKE wildcards in the user's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** How many of the newest matching titles are ranked for the suggestions. */
const CANDIDATES = 50;

/**
 * Title suggestions for the search box: public posts whose lower(title) contains the text or is
 * close to it word-wise (pg_trgm `<%`, which tolerates typos). The newest CANDIDATES matches are
 * ranked: titles starting with the text first, then by word similarity, then newest.
 *
 * Bounding the candidates keeps every text fast: a rare text is found through the trigram GIN
 * index on lower(title) (few rows to sort); a common one ("waln" on a site full of walnut) walks
 * the (visibility, created_at, id) index and stops after CANDIDATES matches, instead of ranking
 * every walnut title. The planner picks between the two from the trigram statistics.
 */
export function autocompleteQuery(database: Database, text: string) {
  const contains = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  const candidates = database
    .select({ id: posts.id, title: posts.title, userId: posts.userId, createdAt: posts.createdAt })
    .from(posts)
    .where(
      sql`${listedPostsWhere} and (lower(${posts.title}) like ${contains} or ${text} <% lower(${posts.title}))`,
    )
    // NULLS LAST like posts_visibility_created_idx, so this order can come from the index.
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(CANDIDATES)
    .as("candidates");
  const title = sql`lower(${candidates.title})`;
  return database
    .select({ id: candidates.id, title: candidates.title, username: users.username })
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.userId))
    .orderBy(
      sql`(${title} like ${prefix}) desc`,
      sql`word_similarity(${text}, ${title}) desc`,
      sql`${candidates.createdAt} desc`,
      sql`${candidates.id} desc`,
    )
    .limit(AUTOCOMPLETE_LIMIT);
}

/**
 * Suggestions per text for a few seconds in this process: people type the same prefixes ("waln",
 * "walnu", ...) and the box asks on every pause, so most requests repeat a recent one. A new or
 * renamed title shows up in the suggestions within the TTL.
 */
const suggestions = new TtlCache<AutocompleteSuggestion[]>({ ttlMs: 10_000, maxEntries: 2_000 });

/** GET /api/v1/post/search/autoComplete: at most 10 suggestions once the text is long enough. */
export async function autocompletePosts({
  searchQuery,
}: {
  searchQuery: string;
}): Promise<AutocompleteSuggestion[]> {
  const text = searchQuery.trim().toLowerCase();
  if (text.length < AUTOCOMPLETE_MIN_LENGTH) return [];
  return suggestions.get(text, async () => {
    const rows = await autocompleteQuery(db(), text);
    return rows.map((row) => ({ _id: row.id, title: row.title, user: { username: row.username } }));
  });
}
