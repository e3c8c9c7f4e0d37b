"use client";

import { useState } from "react";
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

/** 'Project Makes': every make with photos, machine and ratings; the author may delete theirs. */
export function ProjectMakes({
  makes,
  onDeleted,
}: {
  makes: Make[] | null;
  onDeleted: (id: string) => void;
}) {
  const { user } = useSession();
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
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {makes.map((make) => (
            <MakeCard
              key={make._id}
              make={make}
              canDelete={user?._id === make.user._id}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
