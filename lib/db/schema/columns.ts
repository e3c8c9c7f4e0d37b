import { type AnyPgColumn, customType, timestamp, uuid } from "drizzle-orm/pg-core";

/** Opaque identifiers: random UUIDs, exposed as `_id` strings in payloads. */
export const id = () => uuid("id").primaryKey().defaultRandom();

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** PostgreSQL full-text vector; maintained by triggers (see the search migration). */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** A 64-bit transaction id (pg_current_xact_id()), compared with a snapshot's xmin. */
export const xid8 = customType<{ data: string }>({
  dataType: () => "xid8",
});

/** A required reference whose row goes with the row it points at. */
export const cascadeRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });
