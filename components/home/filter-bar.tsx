"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";
import {
  type FilterKey,
  type Filters,
  filtersToSearch,
  OFFICIAL_AUTHOR,
  POSTED_AT_CHOICES,
  RATING_CHOICES,
  SORT_CHOICES,
  sortLabel,
  TOOL_TYPE_CHOICES,
} from "./filter-params";

interface Option {
  value: string;
  label: string;
}

const selectClasses =
  "h-10 w-full rounded-lg border border-line-strong bg-surface px-3 pr-8 text-sm text-ink shadow-card focus:border-brand-500 focus:outline-none";

/** Filters live in the URL; every change navigates, and the server renders the new first page. */
export function FilterBar({
  filters,
  categories,
  partners,
  brandName,
}: {
  filters: Filters;
  categories: { name: string }[];
  partners: { name: string; userId: string }[];
  brandName: string;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();

  const navigate = (next: Filters) =>
    startTransition(() => router.push(`${pathname}${filtersToSearch(next)}`, { scroll: false }));
  const set = (key: FilterKey, value: string) => navigate({ ...filters, [key]: value || undefined });
  const remove = (key: FilterKey) => navigate({ ...filters, [key]: undefined });

  const partnerName = (userId: string) =>
    partners.find((partner) => partner.userId === userId)?.name ?? "Partner";
  const ratingLabel = (value: string) =>
    RATING_CHOICES.find((choice) => choice.value === value)?.label ?? value;
  const chips: { key: FilterKey; label: string }[] = [];
  if (filters.postedAt) chips.push({ key: "postedAt", label: filters.postedAt });
  if (filters.category) chips.push({ key: "category", label: filters.category });
  if (filters.subCategory) chips.push({ key: "subCategory", label: filters.subCategory });
  if (filters.toolType) chips.push({ key: "toolType", label: filters.toolType });
  if (filters.partner) chips.push({ key: "partner", label: partnerName(filters.partner) });
  if (filters.ratings) chips.push({ key: "ratings", label: ratingLabel(filters.ratings) });
  if (filters.author) chips.push({ key: "author", label: brandName });
  if (filters.sort) chips.push({ key: "sort", label: `Sort: ${sortLabel(filters.sort)}` });

  const select = (key: FilterKey, label: string, options: Option[]) => (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-muted sm:w-40">
      {label}
      <select
        aria-label={label}
        className={selectClasses}
        value={filters[key] ?? ""}
        onChange={(event) => set(key, event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  const isOfficial = filters.author === OFFICIAL_AUTHOR;
  return (
    <section aria-label="Filters" className={cn("space-y-3", isPending && "opacity-70")}>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        {select(
          "postedAt",
          "Posted At",
          POSTED_AT_CHOICES.map((choice) => ({ value: choice === "All" ? "" : choice, label: choice })),
        )}
        {select("category", "Category", [
          { value: "", label: "All" },
          ...categories.map((category) => ({ value: category.name, label: category.name })),
        ])}
        {select(
          "toolType",
          "Tool Type",
          TOOL_TYPE_CHOICES.map((choice) => ({ value: choice === "All" ? "" : choice, label: choice })),
        )}
        {partners.length > 0
          ? select("partner", "Partners", [
              { value: "", label: "All" },
              ...partners.map((partner) => ({ value: partner.userId, label: partner.name })),
            ])
          : null}
        {select(
          "ratings",
          "Rating",
          RATING_CHOICES.map((choice) => ({ value: choice.value, label: choice.label })),
        )}
        {select(
          "sort",
          "Sort",
          SORT_CHOICES.map((choice) => ({ value: choice.value, label: choice.label })),
        )}
        <button
          type="button"
          aria-pressed={isOfficial}
          onClick={() => set("author", isOfficial ? "" : OFFICIAL_AUTHOR)}
          className={cn(
            "h-10 w-full rounded-lg border px-4 sm:w-auto text-sm font-semibold shadow-card transition-colors",
            isOfficial
              ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
              : "border-line-strong bg-surface text-ink hover:bg-surface-muted",
          )}
        >
          {brandName}
        </button>
      </div>
      {chips.length > 0 ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                onClick={() => remove(chip.key)}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
                aria-label={`Remove filter ${chip.label}`}
              >
                {chip.label}
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
          {chips.length > 1 ? (
            <li>
              <button
                type="button"
                onClick={() => navigate({})}
                className="text-xs font-semibold text-ink-muted underline-offset-2 hover:text-ink hover:underline"
              >
                Clear All
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
