import { sql } from "drizzle-orm";
import { check, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";
import { CATEGORY_TYPES } from "@/lib/catalogue/enums";

/** Categories and tags are typed so other content kinds can have their own lists later. */
export const taxonomyTypeEnum = pgEnum("taxonomy_type", CATEGORY_TYPES);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    type: taxonomyTypeEnum("type").notNull().default("post"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_type_name_unique").on(t.type, sql`lower(${t.name})`)],
);

export const tags = pgTable(
  "tags",
  {
    id: id(),
    name: text("name").notNull(),
    type: taxonomyTypeEnum("type").notNull().default("post"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tags_type_name_unique").on(t.type, sql`lower(${t.name})`),
    check("tags_name_not_blank", sql`length(trim(${t.name})) > 0`),
  ],
);

/** A partner is a user (a shop, a bit maker) shown with a coloured star badge. */
export const partners = pgTable(
  "partners",
  {
    id: id(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [check("partners_color_hex", sql`${t.color} ~ '^#[0-9A-Fa-f]{6}$'`)],
);
