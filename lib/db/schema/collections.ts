import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { COLLECTION_VISIBILITIES } from "@/lib/catalogue/enums";
import { cascadeRef, createdAt, id, updatedAt } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

export const collectionVisibilityEnum = pgEnum("collection_visibility", COLLECTION_VISIBILITIES);

/** A user's named list of projects; a private one is seen by its owner only. */
export const collections = pgTable(
  "collections",
  {
    id: id(),
    userId: cascadeRef("user_id", () => users.id),
    name: text("name").notNull(),
    /** From the name, unique per owner. */
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    visibility: collectionVisibilityEnum("visibility").notNull().default("public"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("collections_user_slug_idx").on(t.userId, t.slug),
    index("collections_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A project in a collection, at its place (`position`, ascending). */
export const collectionPosts = pgTable(
  "collection_posts",
  {
    collectionId: cascadeRef("collection_id", () => collections.id),
    postId: cascadeRef("post_id", () => posts.id),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.postId] }),
    index("collection_posts_order_idx").on(t.collectionId, t.position, t.postId),
    index("collection_posts_post_idx").on(t.postId),
    check("collection_posts_position_non_negative", sql`${t.position} >= 0`),
  ],
);
