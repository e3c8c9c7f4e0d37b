import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { posts } from "./posts";

/**
 * A remix link: `postId` is based on `basedOnPostId`. Only public projects can be named, but a link
 * stays when its project later stops being public (readers just do not see it); deleting either
 * project removes the link.
 */
export const postRemixes = pgTable(
  "post_remixes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    basedOnPostId: uuid("based_on_post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.basedOnPostId] }),
    // The remixes of a project, newest first (getRemixes, remixCount).
    index("post_remixes_based_on_idx").on(t.basedOnPostId, t.createdAt.desc(), t.postId.desc()),
    check("post_remixes_not_self", sql`${t.postId} <> ${t.basedOnPostId}`),
  ],
);
