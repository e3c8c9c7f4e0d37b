import { is, Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { BoundedMap } from "@/lib/cache/bounded-map";

/**
 * Statements built and rendered once per shape. Building a listing's card statement with drizzle
 * and rendering it to SQL cost about 0.3 ms of server CPU per request, a sixth of a listing request's, though its text only changes with the shape of the
 * request (which filters, how many search words, signed in or not), not with its values.
 *
 * A fragment built with Bindings holds placeholders instead of values, so its rendered text is
 * the shape itself: it keys the statement prepared around it (drizzle's `.prepare()`, unnamed:
 * lib/db/create.ts names statements per connection), which later requests execute with their
 * own values.
 */

/** A statement's values behind placeholders, named in the order they are bound. */
export class Bindings {
  readonly values: Record<string, unknown> = {};
  private count = 0;

  /** A placeholder for `value` (a new one per call, so a fragment built twice binds twice). */
  bind(value: unknown): Placeholder {
    const name = `v${this.count++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  }
}

const dialect = new PgDialect();

/**
 * The shape of a fragment: its SQL text and its placeholders' names; null when it holds a value
 * itself (built without Bindings), since a statement prepared around it would keep that value.
 */
export function shapeOf(fragment: SQL): string | null {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  const names: string[] = [];
  for (const param of params) {
    if (!is(param, Placeholder)) return null;
    names.push(param.name);
  }
  return `${text}\n${names.join(",")}`;
}

/** Prepared statements by shape; a bound, not a cache of data (a statement holds no values). */
export class PreparedStatements<T> {
  private readonly statements: BoundedMap<string, T>;

  constructor(maxEntries: number) {
    this.statements = new BoundedMap(maxEntries);
  }

  get(shape: string, prepare: () => T): T {
    let statement = this.statements.get(shape);
    if (statement === undefined) {
      statement = prepare();
      this.statements.set(shape, statement);
    }
    return statement;
  }
}
