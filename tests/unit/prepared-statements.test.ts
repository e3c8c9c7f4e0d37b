import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Bindings, PreparedStatements, shapeOf } from "@/lib/db/prepared-statements";
import { posts } from "@/lib/db/schema";

const byCategory = (category: string, bindings: Bindings) =>
  sql`select ${posts.id} from ${posts} where ${posts.categoryId} = ${bindings.bind(category)} limit ${bindings.bind(20)}`;

describe("shapeOf", () => {
  it("is the same for the same shape whatever the values, and the values stay apart", () => {
    const kitchen = new Bindings();
    const signs = new Bindings();
    expect(shapeOf(byCategory("Kitchen", kitchen))).toBe(shapeOf(byCategory("Signs", signs)));
    expect(kitchen.values).toEqual({ v0: "Kitchen", v1: 20 });
    expect(signs.values).toEqual({ v0: "Signs", v1: 20 });
  });

  it("differs when the shape does", () => {
    const bindings = new Bindings();
    const withRating = sql`${byCategory("Kitchen", bindings)} and ${posts.averageTotalRating} >= ${bindings.bind(4)}`;
    expect(shapeOf(withRating)).not.toBe(shapeOf(byCategory("Kitchen", new Bindings())));
  });

  it("is null for a fragment that holds a value itself, which no statement may keep", () => {
    expect(shapeOf(sql`select ${posts.id} from ${posts} where ${posts.title} = ${"walnut"}`)).toBeNull();
  });
});

describe("PreparedStatements", () => {
  it("prepares a shape once and keeps at most its bound", () => {
    const statements = new PreparedStatements<string>(2);
    let prepared = 0;
    const prepare = (shape: string) => () => `${shape}#${++prepared}`;
    expect(statements.get("a", prepare("a"))).toBe("a#1");
    expect(statements.get("a", prepare("a"))).toBe("a#1");
    statements.get("b", prepare("b"));
    statements.get("c", prepare("c"));
    // "a" was the oldest: prepared again.
    expect(statements.get("a", prepare("a"))).toBe("a#4");
  });
});
