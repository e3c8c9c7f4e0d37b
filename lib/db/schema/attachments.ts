import type { FeedCheck } from "@/lib/feeds/feeds-check";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, id, updatedAt } from "./columns";
import { projectMakes } from "./makes";
import { posts } from "./posts";
import { users } from "./users";
import { ATTACHMENT_CATEGORIES, ATTACHMENT_PARENT_TYPES, RESOURCE_TYPES } from "@/lib/catalogue/enums";

export const attachmentCategoryEnum = pgEnum("attachment_category", ATTACHMENT_CATEGORIES);
export const resourceTypeEnum = pgEnum("resource_type", RESOURCE_TYPES);
export const attachmentParentTypeEnum = pgEnum("attachment_parent_type", ATTACHMENT_PARENT_TYPES);
/** pending: a signed upload URL was handed out; ready: the file arrived and was checked. */
export const attachmentStatusEnum = pgEnum("attachment_status", ["pending", "ready"]);

/** Analysis of a G-code model kept with its attachment (filled by lib/gcode on upload). */
export interface GcodeAnalysis {
  units: "mm" | "inch";
  lineCount: number;
  segmentCount: number;
  bounds: { min: [number, number, number]; max: [number, number, number] };
  cutBounds: { min: [number, number, number]; max: [number, number, number] };
  cutDistance: number;
  rapidDistance: number;
  estimatedSeconds: number;
  tools: number[];
  spindleSpeeds: number[];
  isLaser: boolean;
  unknownWords: number;
  /** Deepest cut (lowest Z of cutBounds), in `units`; added by the G-code engine (lib/gcode/analysis.ts). */
  minCutZ?: number | null;
  /** Highest S while cutting (laser power scale, e.g. 255 or 1000). */
  maxPower?: number;
  /** Moves by kind, as written in the file (an arc counts once). */
  moves?: { rapid: number; linear: number; arc: number };
  /** Which laser pattern set isLaser (lib/gcode/parser.ts LaserRule), null for endmill jobs. */
  laserRule?: "M4" | "powerOnFeeds" | "switchedPerPath" | "unpoweredFeeds" | null;
  /** Laser jobs: lowest and highest S of the powered moves (100 % = max). */
  powerRange?: { min: number; max: number } | null;
  /** Tools the CAM program names in its header comments (lib/gcode/tool-comments.ts); absent on older analyses. */
  toolComments?: { tool: number | null; diameter: number; unit: "inches" | "mm"; type: string | null }[];
  /** Cutting feeds per tool, in mm (lib/gcode/tool-feeds.ts); absent on laser jobs and older analyses. */
  toolFeeds?: {
    tool: number;
    feedMmPerMin: number;
    rpm: number | null;
    cutLengthMm: number;
    topCutZMm: number;
    maxStepDownMm: number;
  }[];
  /** The program's X0 Y0 Z0 in the frame the file started in; boxes are in the program's frame. */
  workOffset?: [number, number, number];
}

/**
 * A file (or a YouTube link) belonging to exactly one post or one make. The parent columns are
 * real foreign keys so deleting a post or make removes its rows; the service deletes the stored
 * objects in the same operation.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    parentType: attachmentParentTypeEnum("parent_type").notNull(),
    postId: uuid("post_id").references((): AnyPgColumn => posts.id, { onDelete: "cascade" }),
    makeId: uuid("make_id").references((): AnyPgColumn => projectMakes.id, { onDelete: "cascade" }),
    category: attachmentCategoryEnum("category").notNull(),
    resourceType: resourceTypeEnum("resource_type").notNull(),
    status: attachmentStatusEnum("status").notNull().default("pending"),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the content, hex, as the browser computed it before upload. */
    fileHash: text("file_hash"),
    fileSize: bigint("file_size", { mode: "number" }),
    contentType: text("content_type"),
    /** Where the bytes live in object storage; null for YouTube links. */
    storageKey: text("storage_key").unique(),
    /**
     * Where the signed PUT URL writes (`uploads/...`), never read by anything but the confirm step,
     * which copies checked bytes to `storageKey` (docs/storage.md, "Write once"). Null once confirmed
     * and for files the server wrote itself.
     */
    uploadKey: text("upload_key").unique(),
    /** The video URL for YouTube attachments. */
    externalUrl: text("external_url"),
    downloadCount: integer("download_count").notNull().default(0),
    gcodeAnalysis: jsonb("gcode_analysis").$type<GcodeAnalysis>(),
    /**
     * A model's pre-flight report (lib/services/posts/preflight): plain warnings comparing the file
     * with the post's job setup and tool table; computed on upload and again on submit.
     */
    preflight: jsonb("preflight").$type<{
      version: number;
      warnings: string[];
      /** The feeds check per endmill (lib/feeds/feeds-check.ts FeedCheck); absent on reports of version 1. */
      feeds?: FeedCheck[];
      checkedAt: string;
    }>(),
    position: smallint("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("attachments_post_idx").on(t.postId, t.category, t.position),
    index("attachments_make_idx").on(t.makeId),
    index("attachments_user_idx").on(t.userId),
    check(
      "attachments_one_parent",
      sql`(${t.parentType} = 'post' AND ${t.postId} IS NOT NULL AND ${t.makeId} IS NULL)
        OR (${t.parentType} = 'projectMake' AND ${t.makeId} IS NOT NULL AND ${t.postId} IS NULL)`,
    ),
    check("attachments_has_location", sql`${t.storageKey} IS NOT NULL OR ${t.externalUrl} IS NOT NULL`),
    check("attachments_file_size_positive", sql`${t.fileSize} IS NULL OR ${t.fileSize} > 0`),
    check("attachments_download_count_non_negative", sql`${t.downloadCount} >= 0`),
  ],
);

/**
 * Objects to delete once no signed URL can write them any more: the upload keys of confirmed,
 * refused and deleted uploads, due when their PUT URL has expired. A PUT that arrives late lands
 * here and is removed with them (sweep-abandoned-uploads.ts).
 */
export const storageDeletions = pgTable(
  "storage_deletions",
  {
    storageKey: text("storage_key").primaryKey(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("storage_deletions_due_idx").on(t.dueAt)],
);

/** One row per download by a signed-in user; names are kept so the log survives deletions. */
export const downloadLogs = pgTable(
  "download_logs",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    attachmentId: uuid("attachment_id").references(() => attachments.id, { onDelete: "set null" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    title: text("title").notNull(),
    /** The profile page's badge kinds: model, file, image, document. */
    resourceType: text("resource_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("download_logs_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Who downloaded a post: the "downloaded-project-updated" notification's recipients.
    index("download_logs_post_user_idx").on(t.postId, t.userId, t.createdAt),
  ],
);
