"use client";

import { PostGrid } from "@/components/posts/post-grid";
import { Sheet, SheetContent } from "@/components/ui/sheet";
import type { PostList } from "@/lib/validation/posts";

export interface SearchResults {
  query: string;
  list: PostList;
  /** Numbers the searches, so searching the same words again starts the grid afresh. */
  run: number;
}

/** The 'Search Results (count)' drawer; search-box.tsx loads it with the first search. */
export function SearchResultsDrawer({
  results,
  isOpen,
  onOpenChange,
}: {
  results: SearchResults;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent
        title={`Search Results (${results.list.pagination.total})`}
        closeLabel="Close search results"
        className="w-full sm:w-[min(72rem,92vw)]"
      >
        <div className="p-4 sm:p-6">
          <PostGrid
            key={results.run}
            initialPosts={results.list.posts}
            query={{ searchQuery: results.query }}
            emptyTitle="No projects found"
            emptyText={`Nothing matches “${results.query}”. Try other words.`}
          />
        </div>
      </SheetContent>
    </Sheet>
  );
}
