import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { posts, users } from "@/lib/db/schema";
import {
  AUTOCOMPLETE_LIMIT,
  AUTOCOMPLETE_MIN_LENGTH,
  type AutocompleteSuggestion,
} from "@/lib/validation/posts";

/** LIKE wildcards in the user's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Title suggestions for the search box: public posts whose lower(title) contains the text or is
 * close to it word-wise (pg_trgm `<%`, which tolerates typos), both served by the trigram GIN index
 * on lower(title). Titles starting with the text come first, then by word similarity.
 */
export function autocompleteQuery(database: Database, text: string) {
  const title = sql`lower(${posts.title})`;
  const contains = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  return database
    .select({ id: posts.id, title: posts.title, username: users.username })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(sql`${posts.visibility} = 'public' and (${title} like ${contains} or ${text} <% ${title})`)
    .orderBy(
      sql`(${title} like ${prefix}) desc`,
      sql`word_similarity(${text}, ${title}) desc`,
      sql`${posts.createdAt} desc`,
      sql`${posts.id} desc`,
    )
    .limit(AUTOCOMPLETE_LIMIT);
}

/** GET /api/v1/post/search/autoComplete: at most 10 suggestions once the text is long enough. */
export async function autocompletePosts({
  searchQuery,
}: {
  searchQuery: string;
}): Promise<AutocompleteSuggestion[]> {
  const text = searchQuery.trim().toLowerCase();
  if (text.length < AUTOCOMPLETE_MIN_LENGTH) return [];
  const rows = await autocompleteQuery(db(), text);
  return rows.map((row) => ({ _id: row.id, title: row.title, user: { username: row.username } }));
}
