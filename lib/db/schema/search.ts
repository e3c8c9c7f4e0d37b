import { sql } from "drizzle-orm";
import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { tsvector, xid8 } from "./columns";
import { posts } from "./posts";

/**
 * Which posts' suggestion rows (title, author's name, creation time, listed or not) changed, and
 * in which transaction: written by triggers on posts and users (the suggestion changes migration),
 * read by every server process's title and search indexes to catch up (lib/search, ADR 021 and
 * 023). Rows older than an hour are pruned; a process that has not caught up for half that long
 * rebuilds its index instead.
 */
export const listedTitleChanges = pgTable(
  "listed_title_changes",
  {
    postId: uuid("post_id").notNull(),
    changedBy: xid8("changed_by")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listed_title_changes_changed_by_idx").on(t.changedBy),
    index("listed_title_changes_changed_at_idx").on(t.changedAt),
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
