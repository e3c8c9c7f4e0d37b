import { sql } from "drizzle-orm";
import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { xid8 } from "./columns";

/**
 * Every write that changes what someone else sees, one row per changed key, written by triggers
 * (the change feed migration) and announced with `NOTIFY cnc_changes`: what every server process's
 * caches follow (lib/change-feed, ADR 025). `kind` is `post` (a post's page, detail or listing
 * row; `key` its id), `counters` (only a post's likes, bookmarks, downloads, comment or make
 * counts), `user` (a public profile; `key` the user id) or `catalogue` (a tag, category,
 * partner or machine changed or removed; no key: everything). Rows older than a day are pruned.
 */
export const changeFeed = pgTable(
  "change_feed",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    key: text("key"),
    /** The writing transaction, so a reader never skips a row committed out of id order. */
    changedBy: xid8("changed_by")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("change_feed_changed_by_idx").on(t.changedBy),
    index("change_feed_changed_at_idx").on(t.changedAt),
  ],
);
