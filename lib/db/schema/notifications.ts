import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS } from "@/lib/catalogue/enums";
import { createdAt, id } from "./columns";
import { posts } from "./posts";
import { users } from "./users";

export const notificationKindEnum = pgEnum("notification_kind", NOTIFICATION_KINDS);

/** A user following a maker: the maker's new projects reach the follower's notifications. */
export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: uuid("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // The fan-out to a maker's followers and their count read this one.
    index("follows_followee_idx").on(t.followeeId, t.followerId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * One notice to one user. The text is written when read (lib/services/notifications), from the
 * kind, the actor and the post's current title; `detail` keeps what the post does not (a
 * rejection's reason, the title of the project a remix is based on).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKindEnum("kind").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    detail: text("detail"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Set when the daily digest took it (or had nothing to send for its kind). */
    digestedAt: timestamp("digested_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    index("notifications_undigested_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.digestedAt} IS NULL`),
    index("notifications_post_idx").on(t.postId),
  ],
);

/** A user's choice for one kind; a kind without a row is shown in the app and not e-mailed. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKindEnum("kind").notNull(),
    inApp: boolean("in_app").notNull().default(true),
    email: boolean("email").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
