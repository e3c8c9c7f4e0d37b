import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

export const REVIEW_DECISIONS = ["approved", "rejected"] as const;
export const reviewDecisionEnum = pgEnum("review_decision", REVIEW_DECISIONS);

/**
 * The review log: one row per reviewer decision on a pending post (who, when, what, why). Rows
 * outlive the post and the reviewer (their ids become null; the title is kept), so the record of
 * what was decided stays complete. The latest rejection of a draft is the reason its author sees.
 */
export const reviewDecisions = pgTable(
  "review_decisions",
  {
    id: id(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    /** The post's title at decision time. */
    postTitle: text("post_title").notNull(),
    reviewerId: uuid("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    decision: reviewDecisionEnum("decision").notNull(),
    /** Why a post was sent back; required for a rejection. */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_decisions_post_created_idx").on(t.postId, t.createdAt.desc()),
    index("review_decisions_reviewer_idx").on(t.reviewerId),
    check("review_decisions_reason_on_reject", sql`${t.decision} <> 'rejected' OR ${t.reason} IS NOT NULL`),
  ],
);
