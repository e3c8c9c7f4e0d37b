import "server-only";
import { and, asc, between, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { posts, projectMakes } from "@/lib/db/schema";
import { chartRangeMm, CHIPLOAD_SOURCES, findChiploadRow } from "@/lib/feeds/chipload-table";
import { listedPostsWhere } from "@/lib/services/posts/post-access";
import type { AtlasQuery, AtlasRow } from "@/lib/validation/feeds";

/** A diameter query matches makes within this share of it (imperial bits in mm differ in the last digit). */
const DIAMETER_TOLERANCE = 0.02;
/** A make rated this high (weighted total) counts as a cut the maker was happy with. */
const WELL_RATED = 4;

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

const rangeOf = (column: unknown) => sql<[number, number, number] | null>`json_build_array(
  min(${column}), max(${column}), percentile_cont(0.5) within group (order by ${column}))`;
const wellRatedRange = sql<
  [number, number, number] | null
>`case when count(*) filter (where ${projectMakes.totalRating} >= ${WELL_RATED}) = 0
  then null else json_build_array(
  min(${projectMakes.chiploadMm}) filter (where ${projectMakes.totalRating} >= ${WELL_RATED}),
  max(${projectMakes.chiploadMm}) filter (where ${projectMakes.totalRating} >= ${WELL_RATED}),
  percentile_cont(0.5) within group (order by ${projectMakes.chiploadMm}) filter (where ${projectMakes.totalRating} >= ${WELL_RATED})) end`;

function toRange(values: [number, number, number] | null, digits: number) {
  if (!values) return { min: 0, max: 0, median: 0 };
  const [min, max, median] = values.map(Number) as [number, number, number];
  return { min: round(min, digits), max: round(max, digits), median: round(median, digits) };
}

/**
 * The chipload atlas: rated makes of listed projects that name their material and a bit of the
 * project's tool table, grouped by material and bit diameter, with the observed chipload, feed and
 * speed ranges beside the shipped chart's range for that material and diameter. Makes carry no
 * names here, only counts and ranges.
 */
export async function getChiploadAtlas({ material, diameter }: AtlasQuery): Promise<AtlasRow[]> {
  const rows = await db()
    .select({
      material: projectMakes.material,
      diameterMm: projectMakes.bitDiameterMm,
      makes: sql<number>`count(*)::int`,
      chipload: rangeOf(projectMakes.chiploadMm),
      feed: rangeOf(projectMakes.feedMmPerMin),
      rpm: rangeOf(projectMakes.rpm),
      averageRating: sql<number>`avg(${projectMakes.totalRating})::float8`,
      wellRatedMakes: sql<number>`(count(*) filter (where ${projectMakes.totalRating} >= ${WELL_RATED}))::int`,
      wellRated: wellRatedRange,
    })
    .from(projectMakes)
    .innerJoin(posts, eq(posts.id, projectMakes.postId))
    .where(
      and(
        // The atlas index's predicate, so the planner can use it.
        isNotNull(projectMakes.totalRating),
        isNotNull(projectMakes.chiploadMm),
        isNotNull(projectMakes.material),
        isNotNull(projectMakes.bitDiameterMm),
        listedPostsWhere,
        material ? eq(projectMakes.material, material) : undefined,
        diameter
          ? between(
              projectMakes.bitDiameterMm,
              diameter * (1 - DIAMETER_TOLERANCE),
              diameter * (1 + DIAMETER_TOLERANCE),
            )
          : undefined,
      ),
    )
    .groupBy(projectMakes.material, projectMakes.bitDiameterMm)
    .orderBy(asc(projectMakes.material), asc(projectMakes.bitDiameterMm));
  return rows.map((row) => {
    const material = row.material ?? "";
    const diameterMm = Number(row.diameterMm);
    const chartRow = findChiploadRow(material);
    const chart = chartRow ? chartRangeMm(chartRow, diameterMm) : null;
    return {
      material,
      diameterMm,
      makes: row.makes,
      chiploadMm: toRange(row.chipload, 4),
      feedMmPerMin: toRange(row.feed, 0),
      rpm: toRange(row.rpm, 0),
      averageRating: round(row.averageRating, 1),
      wellRated: { makes: row.wellRatedMakes, chiploadMm: row.wellRated ? toRange(row.wellRated, 4) : null },
      chart:
        chartRow && chart
          ? {
              recommendedMm: [round(chart[0]), round(chart[1])] as [number, number],
              source: {
                name: CHIPLOAD_SOURCES[chartRow.source].name,
                url: CHIPLOAD_SOURCES[chartRow.source].url,
              },
            }
          : null,
    };
  });
}
