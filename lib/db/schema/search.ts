import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";

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
