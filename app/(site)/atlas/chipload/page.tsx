import type { Metadata } from "next";
import { Container } from "@/components/layout/container";
import { EmptyState } from "@/components/ui/empty-state";
import { MATERIAL_GROUPS, MATERIALS } from "@/lib/catalogue/enums";
import {
  CHART_DIAMETERS_IN,
  CHIPLOAD_SOURCES,
  CHIPLOAD_TABLE,
  MM_PER_INCH,
} from "@/lib/feeds/chipload-table";
import { getChiploadAtlas } from "@/lib/services/feeds/get-chipload-atlas";
import { type AtlasRow, atlasQuerySchema } from "@/lib/validation/feeds";

export const metadata: Metadata = {
  title: "Chipload atlas",
  description:
    "The chiploads makers cut with, from rated makes by material and bit diameter, beside the bit makers' published charts.",
  alternates: { canonical: "/atlas/chipload" },
};

/** Common bit sizes for the diameter filter, in mm. */
const DIAMETERS = [
  { label: "1/16 in (1.59 mm)", value: "1.5875" },
  { label: "1/8 in (3.18 mm)", value: "3.175" },
  { label: "1/4 in (6.35 mm)", value: "6.35" },
  { label: "3/8 in (9.53 mm)", value: "9.525" },
  { label: "1/2 in (12.7 mm)", value: "12.7" },
  { label: "3 mm", value: "3" },
  { label: "6 mm", value: "6" },
] as const;

const COLUMN_LABELS = ["1/8", "1/4", "3/8", "1/2"] as const;

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) || undefined;

const range = (min: number, max: number, unit = "") =>
  min === max ? `${min}${unit}` : `${min}-${max}${unit}`;

function AtlasCard({ row }: { row: AtlasRow }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card"
      data-testid="atlas-row"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink">
          {row.material}, {row.diameterMm} mm bit
        </h3>
        <span className="text-sm text-ink-muted">
          {row.makes} rated {row.makes === 1 ? "make" : "makes"}, {row.averageRating.toFixed(1)} average
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-subtle">Makers cut with</dt>
          <dd className="font-medium text-ink tabular-nums">
            {range(row.chiploadMm.min, row.chiploadMm.max, " mm/tooth")} (median {row.chiploadMm.median})
          </dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Rated 4 stars or more</dt>
          <dd className="font-medium text-ink tabular-nums">
            {row.wellRated.chiploadMm
              ? `${range(row.wellRated.chiploadMm.min, row.wellRated.chiploadMm.max, " mm/tooth")} (${row.wellRated.makes})`
              : "None yet"}
          </dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Chart</dt>
          <dd className="font-medium text-ink tabular-nums">
            {row.chart ? (
              <>
                {range(row.chart.recommendedMm[0], row.chart.recommendedMm[1], " mm/tooth")}{" "}
                <a
                  href={row.chart.source.url}
                  className="text-xs font-normal underline"
                  rel="noopener noreferrer"
                >
                  source
                </a>
              </>
            ) : (
              "No chart for this material"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Feeds and speeds</dt>
          <dd className="font-medium text-ink tabular-nums">
            {range(row.feedMmPerMin.min, row.feedMmPerMin.max, " mm/min")} at{" "}
            {range(row.rpm.min, row.rpm.max, " rpm")}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function ChartTable() {
  const mm = (inches: number) => Math.round(inches * MM_PER_INCH * 1000) / 1000;
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">
          Recommended chipload per tooth by material and bit diameter, in mm
        </caption>
        <thead className="bg-surface-muted text-xs text-ink-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Material
            </th>
            {CHART_DIAMETERS_IN.map((diameter, index) => (
              <th key={diameter} scope="col" className="px-3 py-2">
                {COLUMN_LABELS[index]} in ({mm(diameter)} mm)
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              Source
            </th>
          </tr>
        </thead>
        <tbody>
          {CHIPLOAD_TABLE.map((row) => (
            <tr key={row.material} className="border-t border-line">
              <th scope="row" className="px-3 py-2 font-medium text-ink">
                {row.material}
              </th>
              {row.inches.map(([min, max], index) => (
                <td key={index} className="px-3 py-2 tabular-nums">
                  {mm(min)}-{mm(max)}
                </td>
              ))}
              <td className="px-3 py-2">
                <a href={CHIPLOAD_SOURCES[row.source].url} className="underline" rel="noopener noreferrer">
                  {row.source === "ast" ? "AST Tooling" : "Cutter Shop"}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The chipload atlas: what rated makes cut with, by material and bit, beside the shipped chart. */
export default async function ChiploadAtlasPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const parsed = atlasQuerySchema.safeParse({
    material: first(params.material),
    diameter: first(params.diameter),
  });
  const query = parsed.success ? parsed.data : {};
  const atlas = await getChiploadAtlas(query);
  const selectClass = "h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm sm:w-56";
  return (
    <Container className="flex max-w-5xl flex-col gap-6 py-6 sm:py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Chipload atlas</h1>
        <p className="text-sm text-ink-muted">
          Chipload is feed / (rpm x flutes): the thickness each cutting edge takes per turn. Here are the
          chiploads makers cut with, from rated makes that name their material and a bit from the
          project&apos;s tools, next to the range the bit makers publish. Charts assume a depth of cut of one
          bit diameter: reduce 25% at two diameters, 50% at three. Every project&apos;s tools section shows
          the same check for the file&apos;s own feeds.
        </p>
      </div>

      <form
        method="get"
        className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Material
          <select name="material" defaultValue={query.material ?? ""} className={selectClass}>
            <option value="">All materials</option>
            {MATERIAL_GROUPS.map((group) => (
              <optgroup key={group.value} label={group.label}>
                {MATERIALS.filter((material) => material.group === group.value).map((material) => (
                  <option key={material.value} value={material.value}>
                    {material.value}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Bit diameter
          <select
            name="diameter"
            defaultValue={query.diameter ? String(query.diameter) : ""}
            className={selectClass}
          >
            <option value="">All sizes</option>
            {DIAMETERS.map((diameter) => (
              <option key={diameter.value} value={diameter.value}>
                {diameter.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="h-10 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600/40"
        >
          Show
        </button>
      </form>
      {!parsed.success ? (
        <p role="alert" className="text-sm text-red-700">
          {parsed.error.issues[0]?.message ?? "Those filters are not valid"}: showing every material and size.
        </p>
      ) : null}

      <section aria-labelledby="observed-heading" className="flex flex-col gap-3">
        <h2 id="observed-heading" className="text-lg font-semibold text-ink">
          What makers cut with
        </h2>
        {atlas.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            title="No rated makes here yet"
            text="When makers rate a cut and name its material and bit, their chipload appears here."
          />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {atlas.map((row) => (
              <AtlasCard key={`${row.material}-${row.diameterMm}`} row={row} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="chart-heading" className="flex flex-col gap-3">
        <h2 id="chart-heading" className="text-lg font-semibold text-ink">
          The bit makers&apos; chart (mm per tooth)
        </h2>
        <ChartTable />
        <p className="text-xs text-ink-subtle">
          Sizes between columns are interpolated; below 1/8 in the range shrinks with the bit. Brass, copper,
          foam, EVA, leather and glass have no chart here, so the feeds check skips them.
        </p>
      </section>
    </Container>
  );
}
