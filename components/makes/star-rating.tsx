"use client";

import { StarIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars as a radio group (arrow keys move, as with any radio group). */
export function StarRatingInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-1">
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          role="radio"
          aria-checked={value === star}
          aria-label={`${star} ${star === 1 ? "star" : "stars"}`}
          onClick={() => onChange(star)}
          className="rounded p-0.5 text-amber-500 hover:scale-110 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <StarIcon
            filled={(value ?? 0) >= star}
            className={cn("size-6", (value ?? 0) < star && "text-line-strong")}
          />
        </button>
      ))}
    </div>
  );
}

export function StarRatingDisplay({ value, label }: { value: number; label: string }) {
  return (
    <span className="inline-flex text-amber-500" role="img" aria-label={`${label}: ${value} of 5`}>
      {STARS.map((star) => (
        <StarIcon
          key={star}
          filled={value >= star}
          className={cn("size-4", value < star && "text-line-strong")}
        />
      ))}
    </span>
  );
}
