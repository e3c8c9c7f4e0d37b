"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { PAGE_SIZE } from "@/lib/validation/listing-constants";
import type { PostList, PostSummary } from "@/lib/validation/posts";
import { PostCard, PostCardSkeleton } from "./post-card";
import { onPostDeleted } from "./post-events";

// The contract's module builds zod schemas: it is imported at the first call, not with the page.
const postContracts = () => import("@/lib/validation/posts");

type Query = Record<string, string | undefined>;

const GRID_CLASSES = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

function CardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`skeleton-${index}`} className="flex">
      <PostCardSkeleton />
    </li>
  ));
}

/** The grid's loading placeholder: a row or two of card skeletons. */
export function PostGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={GRID_CLASSES} aria-busy aria-label="Loading projects">
      <CardSkeletons count={count} />
    </ul>
  );
}

/**
 * An infinitely scrolling grid of cards over the listing (or another paged posts call).
 * The first page comes from the server render; another page is asked for only when the last one
 * had exactly PAGE_SIZE posts (spec §9). Give it a `key` derived from the query so a new query
 * starts over with fresh state.
 */
export function PostGrid({
  initialPosts,
  query,
  fetchPage,
  skeletonCount = 4,
  emptyTitle = "No projects found",
  emptyText = "Try other filters or clear them to see every project.",
}: {
  initialPosts: PostSummary[] | null;
  query: Query;
  /** Loads a page through another contract (profile, bookmarks); the default is the listing with `query`. */
  fetchPage?: (page: number, limit: number) => Promise<PostList>;
  /** Card skeletons while the first page loads in the browser (the profile shows 12, spec §9). */
  skeletonCount?: number;
  emptyTitle?: string;
  emptyText?: string;
}) {
  const [posts, setPosts] = useState<PostSummary[]>(initialPosts ?? []);
  const [page, setPage] = useState(initialPosts ? 1 : 0);
  const [hasMore, setHasMore] = useState(initialPosts ? initialPosts.length === PAGE_SIZE : true);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  const queryKey = JSON.stringify(query);

  const loadMore = useCallback(async () => {
    if (inFlight.current || !hasMore) return;
    inFlight.current = true;
    setLoading(true);
    try {
      const next = page + 1;
      const data = fetchPage
        ? await fetchPage(next, PAGE_SIZE)
        : await callEndpoint((await postContracts()).listPostsEndpoint, {
            query: { ...(JSON.parse(queryKey) as Query), page: next, limit: PAGE_SIZE },
          });
      setPosts((current) => {
        const seen = new Set(current.map((post) => post._id));
        return [...current, ...data.posts.filter((post) => !seen.has(post._id))];
      });
      setPage(next);
      setHasMore(data.posts.length === PAGE_SIZE);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
      setHasMore(false);
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }, [fetchPage, hasMore, page, queryKey]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const removePost = (postId: string) => setPosts((current) => current.filter((post) => post._id !== postId));
  // A project deleted from another listing on the page (e.g. the search drawer) leaves this one too.
  useEffect(
    () => onPostDeleted((postId) => setPosts((current) => current.filter((post) => post._id !== postId))),
    [],
  );

  if (!isLoading && !hasMore && posts.length === 0 && !error) {
    return <EmptyState className="mt-8" title={emptyTitle} text={emptyText} />;
  }

  return (
    <div>
      <ul className={GRID_CLASSES} aria-busy={isLoading}>
        {posts.map((post) => (
          <li key={post._id} className="flex">
            <PostCard post={post} onDeleted={removePost} />
          </li>
        ))}
        {isLoading && posts.length === 0 ? <CardSkeletons count={skeletonCount} /> : null}
      </ul>
      {error ? <p className="mt-6 text-center text-sm text-red-700">{error}</p> : null}
      {isLoading && posts.length > 0 ? (
        <div className="mt-6 flex justify-center">
          <Spinner label="Loading more projects" />
        </div>
      ) : null}
      {hasMore ? <div ref={sentinel} className="h-px" data-testid="grid-sentinel" /> : null}
    </div>
  );
}
