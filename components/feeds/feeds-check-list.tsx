import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { FeedCheckPayload } from "@/lib/validation/feeds";

const VERDICT: Record<FeedCheckPayload["status"], { label: string; tone: BadgeTone }> = {
  ok: { label: "In range", tone: "green" },
  low: { label: "Too low", tone: "amber" },
  high: { label: "Too high", tone: "red" },
};

const mm = (value: number) => String(Math.round(value * 10000) / 10000);

export function bitLabel(check: Pick<FeedCheckPayload, "tool">): string {
  const number = check.tool.number > 0 ? `T${check.tool.number} ` : "";
  return `${number}${mm(check.tool.diameterMm)} mm ${check.tool.type ?? "bit"}`;
}

/** One check's numbers as a sentence, for a list item or a tooltip-free line on a phone. */
export function feedNumbers(check: FeedCheckPayload): string {
  const depth =
    check.depthFactor < 1
      ? `, reduced ${Math.round((1 - check.depthFactor) * 100)}% for a ${mm(check.depthOfCutMm ?? 0)} mm depth of cut`
      : "";
  return `${mm(check.chiploadMm)} mm/tooth (${check.feedMmPerMin} mm/min, ${check.rpm} rpm, ${check.flutes} flutes); ${mm(check.recommendedMm[0])}-${mm(check.recommendedMm[1])} mm recommended for ${check.material}${depth}`;
}

export function FeedVerdict({ status }: { status: FeedCheckPayload["status"] }) {
  const verdict = VERDICT[status];
  return <Badge tone={verdict.tone}>{verdict.label}</Badge>;
}

/**
 * The feeds check of one or more bits: the verdict, the numbers behind it and where the
 * recommendation comes from (the chart and the makers' atlas).
 */
export function FeedsCheckList({
  checks,
  fileName,
  showSources = true,
}: {
  checks: readonly FeedCheckPayload[];
  fileName?: string;
  showSources?: boolean;
}) {
  if (checks.length === 0) return null;
  const sources = [...new Map(checks.map((check) => [check.source.url, check.source])).values()];
  return (
    <div className="flex flex-col gap-1.5" data-testid="feeds-check">
      {fileName ? <p className="text-sm font-medium text-ink">Feeds check for {fileName}</p> : null}
      <ul className="flex flex-col gap-1.5">
        {checks.map((check) => (
          <li
            key={`${check.tool._id}-${check.tool.number}`}
            className="flex flex-col gap-1 rounded-lg border border-line px-3 py-2 text-sm sm:flex-row sm:items-start sm:gap-3"
          >
            <span className="flex items-center gap-2 font-medium text-ink sm:min-w-48">
              <FeedVerdict status={check.status} />
              {bitLabel(check)}
            </span>
            <span className="text-ink-muted">{feedNumbers(check)}</span>
          </li>
        ))}
      </ul>
      {showSources ? (
        <p className="text-xs text-ink-subtle">
          Chipload = feed / (rpm x flutes). Ranges from{" "}
          {sources.map((source, index) => (
            <span key={source.url}>
              {index > 0 ? ", " : ""}
              <a href={source.url} className="underline" rel="noopener noreferrer" target="_blank">
                {source.name}
              </a>
            </span>
          ))}
          ; what makers cut with is in the{" "}
          <Link href="/atlas/chipload" className="underline">
            chipload atlas
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
