import { sql } from "drizzle-orm";
import { boolean, check, index, numeric, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { cncVariants } from "./catalogue";
import { createdAt, id } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

/**
 * A report of having cut a project on one of the maker's machines. Ratings exist exactly when
 * isPrinted is true; the weighted total (0.25, 0.25, 0.2, 0.3, one decimal) is computed here so
 * every reader sees the same figure. Images are attachments with category projectMakeImages.
 */
export const projectMakes = pgTable(
  "project_makes",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    printedOnId: uuid("printed_on_id").references(() => cncVariants.id, { onDelete: "set null" }),
    isPrinted: boolean("is_printed").notNull(),
    cutExpectation: smallint("cut_expectation"),
    cutQuality: smallint("cut_quality"),
    correctFileInfo: smallint("correct_file_info"),
    coolFactor: smallint("cool_factor"),
    totalRating: numeric("total_rating", { precision: 2, scale: 1, mode: "number" }).generatedAlwaysAs(
      sql`round((25 * cut_expectation + 25 * cut_quality + 20 * correct_file_info + 30 * cool_factor)::numeric / 100, 1)`,
    ),
    caption: text("caption"),
    createdAt: createdAt(),
  },
  (t) => [
    index("project_makes_post_created_idx").on(t.postId, t.createdAt.desc()),
    index("project_makes_user_idx").on(t.userId),
    check(
      "project_makes_ratings_range",
      sql`coalesce(${t.cutExpectation}, 1) BETWEEN 1 AND 5 AND coalesce(${t.cutQuality}, 1) BETWEEN 1 AND 5
        AND coalesce(${t.correctFileInfo}, 1) BETWEEN 1 AND 5 AND coalesce(${t.coolFactor}, 1) BETWEEN 1 AND 5`,
    ),
    check(
      "project_makes_ratings_iff_printed",
      sql`CASE WHEN ${t.isPrinted}
        THEN num_nulls(${t.cutExpectation}, ${t.cutQuality}, ${t.correctFileInfo}, ${t.coolFactor}) = 0
        ELSE num_nonnulls(${t.cutExpectation}, ${t.cutQuality}, ${t.correctFileInfo}, ${t.coolFactor}) = 0 END`,
    ),
  ],
);
