import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { RATING_CRITERIA, type RatingCriterion, ratingWeightPercent } from "@/lib/catalogue/enums";
import { cncVariants } from "./catalogue";
import { cascadeRef, createdAt, id } from "./columns";
import { posts, toolData } from "./posts";
import { users } from "./users";

/** The rating columns, by criterion. */
const RATING_COLUMNS: Readonly<Record<RatingCriterion, string>> = {
  cutExpectation: "cut_expectation",
  cutQuality: "cut_quality",
  correctFileInfo: "correct_file_info",
  coolFactor: "cool_factor",
};

/**
 * The weighted sum of a make's ratings in hundredths, as SQL over its columns (`table.` before each
 * when given): `25 * cut_expectation + 25 * cut_quality + ...`. Migrations that hold the formula
 * are checked against it (tests/unit/rating-weights.test.ts).
 */
export function weightedRatingSumSql(table?: string): string {
  const prefix = table ? `${table}.` : "";
  return RATING_CRITERIA.map(
    (criterion) => `${ratingWeightPercent(criterion)} * ${prefix}${RATING_COLUMNS[criterion.key]}`,
  ).join(" + ");
}

/**
 * A report of having cut a project on one of the maker's machines. Ratings exist exactly when
 * isPrinted is true; the weighted total (RATING_CRITERIA's weights, one decimal) is computed here
 * so every reader sees the same figure. Images are attachments with category projectMakeImages.
 */
export const projectMakes = pgTable(
  "project_makes",
  {
    id: id(),
    postId: cascadeRef("post_id", () => posts.id),
    userId: cascadeRef("user_id", () => users.id),
    printedOnId: uuid("printed_on_id").references(() => cncVariants.id, { onDelete: "set null" }),
    isPrinted: boolean("is_printed").notNull(),
    cutExpectation: smallint(RATING_COLUMNS.cutExpectation),
    cutQuality: smallint(RATING_COLUMNS.cutQuality),
    correctFileInfo: smallint(RATING_COLUMNS.correctFileInfo),
    coolFactor: smallint(RATING_COLUMNS.coolFactor),
    totalRating: numeric("total_rating", { precision: 2, scale: 1, mode: "number" }).generatedAlwaysAs(
      sql.raw(`round((${weightedRatingSumSql()})::numeric / 100, 1)`),
    ),
    caption: text("caption"),
    /** The material cut (lib/catalogue/enums.ts MATERIALS); optional. */
    material: text("material"),
    /** The bit, from the project's tool table or in the maker's words; both optional. */
    bitToolId: uuid("bit_tool_id").references(() => toolData.id, { onDelete: "set null" }),
    bitText: text("bit_text"),
    /*
     * What the bit from the tool table cut with, copied when the make is recorded so the chipload
     * atlas reads plain columns and keeps the make when the project changes later.
     */
    bitDiameterMm: numeric("bit_diameter_mm", { precision: 8, scale: 3, mode: "number" }),
    flutes: smallint("flutes"),
    feedMmPerMin: numeric("feed_mm_per_min", { precision: 10, scale: 2, mode: "number" }),
    rpm: integer("rpm"),
    chiploadMm: numeric("chipload_mm", { precision: 8, scale: 4, mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("project_makes_bit_tool_idx").on(t.bitToolId).where(sql`${t.bitToolId} IS NOT NULL`),
    check("project_makes_flutes_range", sql`${t.flutes} IS NULL OR ${t.flutes} BETWEEN 1 AND 8`),
    // The chipload atlas: rated makes by material and bit diameter.
    index("project_makes_atlas_idx")
      .on(t.material, t.bitDiameterMm)
      .where(sql`${t.totalRating} IS NOT NULL AND ${t.chiploadMm} IS NOT NULL`),
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
