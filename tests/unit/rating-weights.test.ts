import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type SQL } from "drizzle-orm";
import { getTableConfig, PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { projectMakes, weightedRatingSumSql } from "@/lib/db/schema/makes";

/*
 * The rating weights live in RATING_CRITERIA (lib/catalogue/enums.ts) and the schema builds its SQL
 * from them. Migrations are SQL written once: each weighted sum in them is read back here.
 */

const drizzleDir = path.resolve(__dirname, "../../drizzle");
const WEIGHTED_SUM = /\(([^()]*\bcool_factor\b[^()]*)\)::numeric \/ 100/g;

function weightedSumsIn(text: string): string[] {
  return [...text.matchAll(WEIGHTED_SUM)].map((match) => match[1]!.replace(/\s+/g, " ").trim());
}

function generatedTotalRatingSql(): string {
  const column = getTableConfig(projectMakes).columns.find((candidate) => candidate.name === "total_rating");
  return new PgDialect().sqlToQuery(column!.generated!.as as SQL).sql;
}

describe("rating weights", () => {
  it("are the spec's 0.25, 0.25, 0.2 and 0.3 in the schema's SQL", () => {
    expect(weightedRatingSumSql()).toBe(
      "25 * cut_expectation + 25 * cut_quality + 20 * correct_file_info + 30 * cool_factor",
    );
    expect(weightedRatingSumSql("m")).toBe(
      "25 * m.cut_expectation + 25 * m.cut_quality + 20 * m.correct_file_info + 30 * m.cool_factor",
    );
    expect(generatedTotalRatingSql()).toBe(`round((${weightedRatingSumSql()})::numeric / 100, 1)`);
  });

  it("are the weights of every migration that sums the ratings", () => {
    const files: string[] = [];
    for (const file of readdirSync(drizzleDir).filter((name) => name.endsWith(".sql"))) {
      for (const sum of weightedSumsIn(readFileSync(path.join(drizzleDir, file), "utf8"))) {
        files.push(file);
        expect(sum, file).toBe(weightedRatingSumSql(sum.includes("m.") ? "m" : undefined));
      }
    }
    expect(files).toEqual([
      "0001_schema.sql",
      "0006_rating_rounded_once.sql",
      "0006_rating_rounded_once.sql",
    ]);
  });

  it("give the generated column drizzle-kit's latest snapshot holds (no migration pending)", () => {
    const snapshots = readdirSync(path.join(drizzleDir, "meta"))
      .filter((name) => name.endsWith("_snapshot.json"))
      .sort();
    const latest = JSON.parse(readFileSync(path.join(drizzleDir, "meta", snapshots.at(-1)!), "utf8")) as {
      tables: Record<string, { columns: Record<string, { generated?: { as: string } }> }>;
    };
    const totalRating = latest.tables["public.project_makes"]?.columns.total_rating;
    expect(totalRating?.generated?.as).toBe(generatedTotalRatingSql());
  });
});
