import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, id } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: cascadeRef("post_id", () => posts.id),
    userId: cascadeRef("user_id", () => users.id),
    /** Quill-style delta `{ ops: [...] }` as a JSON string, sanitised by the service. */
    comment: text("comment").notNull(),
    /** Plain text of the delta, for previews and moderation search. */
    plainText: text("plain_text").notNull(),
    commentedAt: createdAt(),
  },
  (t) => [
    index("comments_post_commented_idx").on(t.postId, t.commentedAt.desc()),
    index("comments_user_idx").on(t.userId),
    check("comments_not_empty", sql`length(trim(${t.plainText})) > 0`),
  ],
);
