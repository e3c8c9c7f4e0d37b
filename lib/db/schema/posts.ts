import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { attachments } from "./attachments";
import { cncVariants } from "./catalogue";
import { cascadeRef, createdAt, id, tsvector, updatedAt } from "./columns";
import { categories, partners, tags } from "./taxonomy";
import { users } from "./users";
import {
  JOB_TYPES,
  POST_VISIBILITIES,
  RATINGS_FILTER_VALUES,
  TOOL_FAMILIES,
  TOOL_UNITS,
  UNITS,
} from "@/lib/catalogue/enums";

/** draft: being written; private: submitted, 'Pending for Review'; public; unlisted: by link only. */
export const postVisibilityEnum = pgEnum("post_visibility", POST_VISIBILITIES);
export const toolFamilyEnum = pgEnum("tool_family", TOOL_FAMILIES);
export const jobTypeEnum = pgEnum("job_type", JOB_TYPES);
export const unitsEnum = pgEnum("units", UNITS);
export const toolUnitEnum = pgEnum("tool_unit", TOOL_UNITS);

/**
 * A project. Columns for the spec's long enumerations (software, material, Z zero, ...) are text,
 * checked by the zod schemas in lib/validation; the database checks what is structural.
 * The *_count and rating columns are maintained by triggers (see the counters migration) so they
 * stay exact under concurrent writes.
 */
export const posts = pgTable(
  "posts",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    subCategory: text("sub_category"),
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "set null" }),
    visibility: postVisibilityEnum("visibility").notNull().default("draft"),
    /** The authoring wizard's step (1..8) to reopen at. */
    currentPage: smallint("current_page").notNull().default(1),
    thumbnailId: uuid("thumbnail_id").references((): AnyPgColumn => attachments.id, { onDelete: "set null" }),
    zipId: uuid("zip_id").references((): AnyPgColumn => attachments.id, { onDelete: "set null" }),
    // Machine the job was created on: "Onefinity CNC" or "Others", and the exact variant.
    builtWith: text("built_with"),
    onefinityModel: text("onefinity_model"),
    onefinityController: text("onefinity_controller"),
    onefinitySize: text("onefinity_size"),
    originalMachineId: uuid("original_machine_id").references(() => cncVariants.id, { onDelete: "set null" }),
    softwareUsed: text("software_used"),
    materialUsed: text("material_used"),
    jobType: jobTypeEnum("job_type"),
    units: unitsEnum("units"),
    // Flat jobs (single/double sided, tile) use width/height/thickness; rotary jobs diameter/length.
    jobSizeWidth: numeric("job_size_width", { precision: 10, scale: 3, mode: "number" }),
    jobSizeHeight: numeric("job_size_height", { precision: 10, scale: 3, mode: "number" }),
    jobSizeThickness: numeric("job_size_thickness", { precision: 10, scale: 3, mode: "number" }),
    jobSizeDiameter: numeric("job_size_diameter", { precision: 10, scale: 3, mode: "number" }),
    jobSizeLength: numeric("job_size_length", { precision: 10, scale: 3, mode: "number" }),
    zZeroPosition: text("z_zero_position"),
    xyDatumPosition: text("xy_datum_position"),
    laserOrEndmill: toolFamilyEnum("laser_or_endmill"),
    toolSetter: text("tool_setter"),
    probeForZHeightCommand: text("probe_for_z_height_command"),
    spindleSpeed: integer("spindle_speed"),
    licenceType: text("licence_type"),
    likesCount: integer("likes_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    bookmarksCount: integer("bookmarks_count").notNull().default(0),
    makesCount: integer("makes_count").notNull().default(0),
    ratedMakesCount: integer("rated_makes_count").notNull().default(0),
    /** Mean of the weighted totals of this post's rated makes; 0 when none. */
    averageTotalRating: numeric("average_total_rating", { precision: 3, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    searchVector: tsvector("search_vector"),
    /**
     * Whether the listing's toolType=Laser / =Endmill filter matches this post: one of its tools is
     * of that family, or the G-code engine read one of its models as that kind of job. Maintained
     * by triggers on tool_data and attachments (the tool types migration), so a listing filters
     * and counts on a column of its own row instead of probing two tables per post.
     */
    toolTypeLaser: boolean("tool_type_laser").notNull().default(false),
    toolTypeEndmill: boolean("tool_type_endmill").notNull().default(false),
    /** Downloads of all its files (attachments.download_count), kept by a trigger for mostDownloaded. */
    downloadsCount: integer("downloads_count").notNull().default(0),
    /** When the post first became public (set by a trigger); null until then. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * When its models or media files last changed (a trigger on attachments); the review's approval
     * compares it with the previous approval to tell the people who downloaded it.
     */
    filesChangedAt: timestamp("files_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("posts_visibility_created_idx").on(t.visibility, t.createdAt.desc(), t.id.desc()),
    index("posts_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("posts_partner_idx").on(t.partnerId),
    // Listed posts only (the visibility of listedPostsWhere), so a listing's total is an
    // index-only count of its filter's range and a filtered page reads its own index in order.
    // The trailing columns are the other filters a page may add: checked in the index itself
    // (index-only), not by fetching each post that the filter then drops.
    // One per `ratings` value (1-5, whole numbers), so a rating filter's page is a range scan of
    // its own index in listing order and its total an index-only count, however deep the page.
    ...RATINGS_FILTER_VALUES.map((rating) =>
      index(`posts_listed_rated_${rating}_idx`)
        .on(t.createdAt.desc(), t.id.desc())
        .where(sql`${t.visibility} = 'public' and ${t.averageTotalRating} >= ${sql.raw(String(rating))}`),
    ),
    index("posts_listed_category_idx")
      .on(
        t.categoryId,
        t.createdAt.desc(),
        t.id.desc(),
        t.toolTypeLaser,
        t.toolTypeEndmill,
        t.averageTotalRating,
      )
      .where(sql`${t.visibility} = 'public'`),
    index("posts_listed_laser_idx")
      .on(t.createdAt.desc(), t.id.desc(), t.averageTotalRating)
      .where(sql`${t.visibility} = 'public' and ${t.toolTypeLaser}`),
    index("posts_listed_endmill_idx")
      .on(t.createdAt.desc(), t.id.desc(), t.averageTotalRating)
      .where(sql`${t.visibility} = 'public' and ${t.toolTypeEndmill}`),
    // One per listing sort order other than the default (listingOrder in list-posts.ts): a sorted
    // page is a range scan of its own index; the trailing columns let the filters be checked in it.
    index("posts_listed_latest_idx")
      .on(t.publishedAt.desc(), t.id.desc(), t.categoryId, t.toolTypeLaser, t.toolTypeEndmill)
      .where(sql`${t.visibility} = 'public'`),
    ...(
      [
        ["popular", t.likesCount],
        ["top_rated", t.averageTotalRating],
        ["most_made", t.makesCount],
        ["most_downloaded", t.downloadsCount],
      ] as const
    ).map(([name, key]) =>
      index(`posts_listed_${name}_idx`)
        .on(key.desc(), t.createdAt.desc(), t.id.desc(), t.categoryId, t.toolTypeLaser, t.toolTypeEndmill)
        .where(sql`${t.visibility} = 'public'`),
    ),
    index("posts_search_idx").using("gin", t.searchVector),
    check("posts_current_page_range", sql`${t.currentPage} BETWEEN 1 AND 8`),
    check(
      "posts_spindle_speed_range",
      sql`${t.spindleSpeed} IS NULL OR ${t.spindleSpeed} BETWEEN 6000 AND 24000`,
    ),
    check(
      "posts_job_size_positive",
      sql`coalesce(${t.jobSizeWidth}, 1) > 0 AND coalesce(${t.jobSizeHeight}, 1) > 0
        AND coalesce(${t.jobSizeThickness}, 1) > 0 AND coalesce(${t.jobSizeDiameter}, 1) > 0
        AND coalesce(${t.jobSizeLength}, 1) > 0`,
    ),
    check(
      "posts_job_size_matches_type",
      sql`CASE WHEN ${t.jobType} = 'Rotary'
        THEN ${t.jobSizeWidth} IS NULL AND ${t.jobSizeHeight} IS NULL AND ${t.jobSizeThickness} IS NULL
        ELSE ${t.jobSizeDiameter} IS NULL AND ${t.jobSizeLength} IS NULL END`,
    ),
    check(
      "posts_counts_non_negative",
      sql`${t.likesCount} >= 0 AND ${t.commentsCount} >= 0 AND ${t.bookmarksCount} >= 0
        AND ${t.makesCount} >= 0 AND ${t.ratedMakesCount} >= 0`,
    ),
  ],
);

export const postTags = pgTable(
  "post_tags",
  {
    postId: cascadeRef("post_id", () => posts.id),
    tagId: cascadeRef("tag_id", () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("post_tags_tag_idx").on(t.tagId)],
);

export const postSupportedMachines = pgTable(
  "post_supported_machines",
  {
    postId: cascadeRef("post_id", () => posts.id),
    variantId: cascadeRef("variant_id", () => cncVariants.id),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.variantId] }),
    index("post_supported_machines_variant_idx").on(t.variantId),
  ],
);

/** Tools used per G-code model of a post (the wizard's tool mapping step). */
export const toolData = pgTable(
  "tool_data",
  {
    id: id(),
    postId: cascadeRef("post_id", () => posts.id),
    modelId: cascadeRef("model_id", () => attachments.id),
    laserOrEndmill: toolFamilyEnum("laser_or_endmill").notNull(),
    toolUnit: toolUnitEnum("tool_unit"),
    /** Tool diameter in toolUnit; null for lasers. */
    toolUsed: numeric("tool_used", { precision: 10, scale: 4, mode: "number" }),
    toolType: text("tool_type"),
    /** Cutting edges of the bit, for the feeds check's chipload (lib/feeds). */
    flutes: smallint("flutes").notNull().default(2),
    position: smallint("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("tool_data_post_idx").on(t.postId),
    index("tool_data_family_post_idx").on(t.laserOrEndmill, t.postId),
    check(
      "tool_data_size_range",
      sql`${t.toolUsed} IS NULL OR (${t.toolUnit} = 'inches' AND ${t.toolUsed} BETWEEN 0.01 AND 10)
        OR (${t.toolUnit} = 'mm' AND ${t.toolUsed} BETWEEN 0.01 AND 1000)`,
    ),
    check("tool_data_flutes_range", sql`${t.flutes} BETWEEN 1 AND 8`),
    check(
      "tool_data_endmill_complete",
      sql`${t.laserOrEndmill} = 'Laser' OR (${t.toolUnit} IS NOT NULL AND ${t.toolUsed} IS NOT NULL)`,
    ),
  ],
);

export const likes = pgTable(
  "likes",
  {
    userId: cascadeRef("user_id", () => users.id),
    postId: cascadeRef("post_id", () => posts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("likes_post_idx").on(t.postId)],
);

export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: cascadeRef("user_id", () => users.id),
    postId: cascadeRef("post_id", () => posts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index("bookmarks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("bookmarks_post_idx").on(t.postId),
  ],
);
