import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { FolderIcon } from "@/components/ui/icons";
import type { Collection } from "@/lib/validation/collections";

const projectCount = (count: number) => `${count} project${count === 1 ? "" : "s"}`;

/** The profile's Collections tab: one card per collection, linking to its page. */
export function CollectionList({ collections, isOwner }: { collections: Collection[]; isOwner: boolean }) {
  if (collections.length === 0) {
    return (
      <EmptyState
        icon={<FolderIcon />}
        title="No collections yet"
        text={
          isOwner
            ? "Save projects to a collection with the folder button on any project card or project page."
            : undefined
        }
      />
    );
  }
  return (
    <ul aria-label="Collections" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {collections.map((collection) => (
        <li key={collection._id}>
          <Link
            href={`/collection/${collection._id}`}
            className="flex h-full flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-sm transition hover:shadow-md"
          >
            <span className="flex items-center gap-2">
              <FolderIcon className="size-5 shrink-0 text-brand-600" />
              <span className="min-w-0 flex-1 truncate font-semibold text-ink">{collection.name}</span>
              {collection.visibility === "private" ? (
                <Badge tone="amber" size="sm">
                  Private
                </Badge>
              ) : null}
            </span>
            {collection.description ? (
              <span className="line-clamp-2 text-sm text-ink-muted">{collection.description}</span>
            ) : null}
            <span className="mt-auto text-xs text-ink-subtle">{projectCount(collection.postCount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
