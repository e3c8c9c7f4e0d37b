"use client";

import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { StarIcon } from "@/components/ui/icons";
import { RATING_CRITERIA, type RatingCriterion, ratingWeightPercent } from "@/lib/catalogue/enums";
import type { RatingsDistribution } from "@/lib/validation/posts";

const LABELS: Readonly<Record<RatingCriterion, string>> = {
  cutExpectation: "Cut expectation",
  cutQuality: "Cut quality",
  correctFileInfo: "Correct file information",
  coolFactor: "Cool factor",
};

const MAX_STARS = 5;

function Stars({ value }: { value: number }) {
  return (
    <span className="inline-flex text-amber-500" aria-hidden>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarIcon key={index} filled={value >= index + 0.5} className="size-4" />
      ))}
    </span>
  );
}

/** The card's rating button and its 'Ratings Distribution' dialog (criteria averages over rated makes). */
export function RatingsDistributionDialog({
  averageTotalRating,
  distribution,
}: {
  averageTotalRating: number;
  distribution: RatingsDistribution | undefined;
}) {
  const hasRatings = distribution !== undefined && distribution.count > 0;
  return (
    <Dialog>
      <DialogTrigger
        className="inline-flex items-center gap-1 rounded-md px-1 py-0.5 hover:bg-ink/5 hover:text-ink"
        aria-label={`Ratings: ${averageTotalRating > 0 ? averageTotalRating.toFixed(1) : "none yet"}`}
      >
        <StarIcon filled={averageTotalRating > 0} className="size-4 text-amber-500" />
        {averageTotalRating > 0 ? averageTotalRating.toFixed(1) : "0"}
      </DialogTrigger>
      <DialogContent title="Ratings Distribution" size="sm">
        {hasRatings ? (
          <dl className="space-y-3 text-sm">
            {RATING_CRITERIA.map((criterion) => (
              <div key={criterion.key} className="flex items-center justify-between gap-3">
                <dt className="text-ink-muted">
                  {LABELS[criterion.key]}{" "}
                  <span className="text-xs text-ink-subtle">({ratingWeightPercent(criterion)}%)</span>
                </dt>
                <dd className="flex items-center gap-2 font-medium text-ink">
                  <Stars value={distribution[criterion.key]} />
                  {distribution[criterion.key].toFixed(1)}
                </dd>
              </div>
            ))}
            <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
              <dt className="font-semibold text-ink">Weighted total</dt>
              <dd className="font-semibold text-ink">
                {distribution.totalRating > 0
                  ? distribution.totalRating.toFixed(1)
                  : "Weighted total unavailable"}
              </dd>
            </div>
            <p className="text-xs text-ink-subtle">
              From {distribution.count} rated {distribution.count === 1 ? "make" : "makes"}.
            </p>
          </dl>
        ) : (
          <p className="py-4 text-center text-sm text-ink-muted">Rating unavailable</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
