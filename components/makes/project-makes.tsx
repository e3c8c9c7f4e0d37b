"use client";

import { useId, useState } from "react";
import { UserLink } from "@/components/profile/user-link";
import { toast } from "@/components/ui/toast";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { TrashIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { deleteMake } from "@/lib/api-client/project";
import { RATING_CRITERIA } from "@/lib/catalogue/enums";
import type { Make } from "@/lib/validation/makes";
import { StarRatingDisplay } from "./star-rating";

const dateLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function DeleteMakeButton({ make, onDeleted }: { make: Make; onDeleted: (id: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  async function onConfirm() {
    setDeleting(true);
    try {
      await deleteMake(make._id);
      toast.success("Make deleted successfully");
      setOpen(false);
      onDeleted(make._id);
    } catch {
      toast.error("Failed to delete make. Please try again.");
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label="Delete make">
        <TrashIcon />
        Delete
      </Button>
      <Dialog open={isOpen} onOpenChange={(open) => !isDeleting && setOpen(open)}>
        <DialogContent title="Delete make" size="sm">
          <p className="text-sm text-ink-muted">
            Are you sure you want to delete this make? This cannot be undone.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={isDeleting}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={isDeleting} onClick={() => void onConfirm()}>
              {isDeleting ? "Deleting..." : "Delete"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function MakeCard({
  make,
  canDelete,
  onDeleted,
}: {
  make: Make;
  canDelete: boolean;
  onDeleted: (id: string) => void;
}) {
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-card">
      <div className="flex items-start justify-between gap-2">
        <UserLink user={make.user} className="text-sm" />
        {canDelete ? <DeleteMakeButton make={make} onDeleted={onDeleted} /> : null}
      </div>
      {make.attachments.length ? (
        <ul className="flex snap-x gap-2 overflow-x-auto">
          {make.attachments.map((image) => (
            <li key={image._id} className="shrink-0 snap-start">
              {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs change per request */}
              <img
                src={image.url}
                alt={`Make photo ${image.fileName}`}
                className="h-40 w-56 rounded-lg border border-line object-cover"
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-ink-subtle">Machine</dt>
          <dd className="text-right font-medium text-ink">
            {make.printedOn
              ? `${make.printedOn.brandName} ${make.printedOn.modelName} ${make.printedOn.name}`
              : "—"}
          </dd>
        </div>
        {make.material ? (
          <div className="flex justify-between gap-2">
            <dt className="text-ink-subtle">Material</dt>
            <dd className="text-right font-medium text-ink">{make.material}</dd>
          </div>
        ) : null}
        {make.bit ? (
          <div className="flex justify-between gap-2">
            <dt className="text-ink-subtle">Bit</dt>
            <dd className="text-right font-medium text-ink">
              {make.bit.label}
              {make.bit.chiploadMm !== null ? (
                <span className="block text-xs font-normal text-ink-muted">
                  {make.bit.chiploadMm} mm/tooth ({make.bit.feedMmPerMin} mm/min, {make.bit.rpm} rpm)
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2">
          <dt className="text-ink-subtle">Cut this project</dt>
          <dd className="font-medium text-ink">{make.isPrinted ? "Yes" : "No"}</dd>
        </div>
        {make.ratings ? (
          RATING_CRITERIA.map((criterion) => (
            <div key={criterion.key} className="flex items-center justify-between gap-2">
              <dt className="text-ink-subtle">{criterion.label}</dt>
              <dd>
                <StarRatingDisplay value={make.ratings?.[criterion.key] ?? 0} label={criterion.label} />
              </dd>
            </div>
          ))
        ) : (
          <div>
            <dt className="sr-only">Ratings</dt>
            <dd className="text-ink-subtle">Rating unavailable</dd>
          </div>
        )}
        {/* The spec: one decimal, and a total of 0 is not shown. */}
        {make.totalRating !== null && make.totalRating > 0 ? (
          <div className="flex justify-between gap-2 border-t border-line pt-2">
            <dt className="font-semibold text-ink">Weighted total</dt>
            <dd className="font-semibold text-ink tabular-nums">{make.totalRating.toFixed(1)}</dd>
          </div>
        ) : (
          <div className="border-t border-line pt-2">
            <dt className="sr-only">Weighted total</dt>
            <dd className="text-ink-subtle">Weighted total unavailable</dd>
          </div>
        )}
      </dl>
      {make.caption ? <p className="text-sm whitespace-pre-line text-ink-muted">{make.caption}</p> : null}
      <p className="text-xs text-ink-subtle">
        <time dateTime={make.createdAt}>{dateLabel.format(new Date(make.createdAt))}</time>
      </p>
    </li>
  );
}

/** The machine a make names in the summary ("Woodworker"): its model. */
const machineOf = (make: Make) => make.printedOn?.modelName ?? null;

/** Counts by value, most first: [["Woodworker", 3], ["Elite Foreman", 1]]. */
function countBy(makes: readonly Make[], key: (make: Make) => string | null): [string, number][] {
  const counts = new Map<string, number>();
  for (const make of makes) {
    const value = key(make);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const summaryText = (counts: [string, number][]) =>
  counts.map(([value, count]) => `${value} x${count}`).join(", ");

/** The makes by machine and material, and a filter on each. */
function MakesSummary({
  makes,
  machine,
  material,
  onMachine,
  onMaterial,
}: {
  makes: readonly Make[];
  machine: string;
  material: string;
  onMachine: (value: string) => void;
  onMaterial: (value: string) => void;
}) {
  const machines = countBy(makes, machineOf);
  const materials = countBy(makes, (make) => make.material);
  const ids = { machine: useId(), material: useId() };
  if (machines.length === 0 && materials.length === 0) return null;
  const selectClass = "h-9 w-full rounded-lg border border-line-strong bg-surface px-2 text-sm sm:w-48";
  return (
    <div
      className="space-y-3 rounded-xl border border-line bg-surface-muted/40 p-3"
      data-testid="makes-summary"
    >
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        {machines.length > 0 ? (
          <div>
            <dt className="text-ink-subtle">Cut on</dt>
            <dd className="font-medium text-ink">{summaryText(machines)}</dd>
          </div>
        ) : null}
        {materials.length > 0 ? (
          <div>
            <dt className="text-ink-subtle">Materials</dt>
            <dd className="font-medium text-ink">{summaryText(materials)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label htmlFor={ids.machine} className="flex flex-col gap-1 text-xs text-ink-muted">
          Machine
          <select
            id={ids.machine}
            value={machine}
            onChange={(event) => onMachine(event.target.value)}
            className={selectClass}
          >
            <option value="">All machines</option>
            {machines.map(([value, count]) => (
              <option key={value} value={value}>
                {value} ({count})
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.material} className="flex flex-col gap-1 text-xs text-ink-muted">
          Material
          <select
            id={ids.material}
            value={material}
            onChange={(event) => onMaterial(event.target.value)}
            className={selectClass}
          >
            <option value="">All materials</option>
            {materials.map(([value, count]) => (
              <option key={value} value={value}>
                {value} ({count})
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/**
 * 'Project Makes': every make with photos, machine, material, bit and ratings, summarised and
 * filtered by machine and material; the author may delete theirs.
 */
export function ProjectMakes({
  makes,
  onDeleted,
}: {
  makes: Make[] | null;
  onDeleted: (id: string) => void;
}) {
  const { user } = useSession();
  const [machine, setMachine] = useState("");
  const [material, setMaterial] = useState("");
  const shown = (makes ?? []).filter(
    (make) => (!machine || machineOf(make) === machine) && (!material || make.material === material),
  );
  return (
    <section aria-labelledby="makes-heading" className="space-y-4">
      <h2 id="makes-heading" className="text-lg font-semibold text-ink">
        Project Makes
      </h2>
      {makes === null ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-72 rounded-2xl" />
          ))}
        </div>
      ) : makes.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line-strong px-6 py-10 text-center">
          <p className="font-semibold text-ink">No Makes Yet</p>
          <p className="text-sm text-ink-muted">Be the first to share your experience with this project!</p>
        </div>
      ) : (
        <>
          <MakesSummary
            makes={makes}
            machine={machine}
            material={material}
            onMachine={setMachine}
            onMaterial={setMaterial}
          />
          {shown.length === 0 ? (
            <p className="text-sm text-ink-muted">No makes match these filters.</p>
          ) : null}
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((make) => (
              <MakeCard
                key={make._id}
                make={make}
                canDelete={user?._id === make.user._id}
                onDeleted={onDeleted}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
