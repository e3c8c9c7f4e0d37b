import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tsvector } from "./columns";
import { posts } from "./posts";

/**
 * The words of public post titles (lower-case runs of a-z and 0-9) and how many public posts use
 * each: the dictionary that suggestions correct typos against (lib/services/posts/autocomplete-posts.ts).
 * Maintained by triggers on posts (see the title words migration); a word goes when no public post
 * uses it any more. It names no post: suggestions still come from posts, through the listing rule.
 */
export const titleWords = pgTable(
  "title_words",
  {
    word: text("word").primaryKey(),
    postCount: integer("post_count").notNull(),
  },
  (t) => [
    // Prefix lookups (word ~>=~ prefix and word ~<~ prefix || '{') whatever the database collation,
    // and suffix lookups the same way on the reversed word.
    index("title_words_prefix_idx").on(sql`${t.word} text_pattern_ops`),
    index("title_words_suffix_idx").on(sql`reverse(${t.word}) text_pattern_ops`),
    check("title_words_post_count_positive", sql`${t.postCount} > 0`),
  ],
);

/**
 * The search vectors of listed (public) posts, apart from their wide rows: a search reads every
 * match, and here 18k matches of a common word sit on a third as many pages as in posts. Kept by
 * triggers on posts (the listed search migration); the cards still come from posts.
 */
export const listedPostSearch = pgTable(
  "listed_post_search",
  {
    postId: uuid("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    searchVector: tsvector("search_vector").notNull(),
  },
  (t) => [index("listed_post_search_idx").using("gin", t.searchVector)],
);
