"use client";

import Link from "next/link";
import { AddToCollectionButton } from "@/components/collections/add-to-collection-button";
import { Avatar } from "@/components/ui/avatar";
import { BookmarkIcon, DownloadIcon, HeartIcon, StarIcon } from "@/components/ui/icons";
import type { PostSummary } from "@/lib/validation/posts";
import { cn } from "@/lib/utils/cn";
import { LAST_STEP } from "@/lib/validation/wizard-steps";
import { relativeTime } from "@/lib/utils/relative-time";
import { OwnerActionsButton } from "./owner-actions-button";
import { RatingsDistributionDialog } from "./ratings-distribution-dialog";
import { usePostInteractions } from "./use-post-interactions";
import { VisibilityBadge } from "./visibility-badge";

function CommentIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      className={className}
      aria-hidden
    >
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A project in a listing (spec §2 "Project card"); owners get Actions, others Bookmark.
 * `isPriority`: the card is in the first view, so its thumbnail (the likely largest paint) loads at
 * once and first rather than lazily.
 */
export function PostCard({
  post,
  onDeleted,
  isPriority = false,
}: {
  post: PostSummary;
  onDeleted?: (postId: string) => void;
  isPriority?: boolean;
}) {
  const { like, bookmarked, toggleLike, toggleBookmark, viewerId } = usePostInteractions(post);
  const isOwner = viewerId !== null && viewerId === post.user._id;
  // A published card counts from its publication, others from their creation.
  const shownAt = post.visibility === "public" && post.publishedAt ? post.publishedAt : post.createdAt;

  return (
    <article
      className="group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition hover:shadow-md"
      data-testid="post-card"
    >
      <div className="flex items-center gap-2 px-4 pt-4">
        <Avatar src={post.user.profilePicture} name={post.user.username} alt="" size="sm" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="flex items-center gap-1">
            <Link
              href={`/${post.user.username}`}
              prefetch={false}
              title={`@${post.user.username}`}
              className="truncate font-medium text-ink hover:underline"
            >
              @{post.user.username}
            </Link>
            {post.user.isOnefinityOfficial ? (
              <span
                role="img"
                title="Official account"
                aria-label="Official account"
                className="text-brand-600"
              >
                <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden>
                  <path d="M12 2l2.4 2.2 3.2-.4.9 3.1 2.9 1.5-1.1 3 1.1 3-2.9 1.5-.9 3.1-3.2-.4L12 22l-2.4-2.2-3.2.4-.9-3.1-2.9-1.5 1.1-3-1.1-3 2.9-1.5.9-3.1 3.2.4Z" />
                  <path d="m8.5 12 2.3 2.3 4.7-4.7" stroke="white" strokeWidth="2" fill="none" />
                </svg>
              </span>
            ) : null}
            {post.user.partnerColor ? (
              <span role="img" title="Partner" aria-label="Partner" style={{ color: post.user.partnerColor }}>
                <StarIcon filled className="size-4" />
              </span>
            ) : null}
          </p>
          <p className="truncate text-xs whitespace-nowrap text-ink-subtle">
            <time dateTime={shownAt} suppressHydrationWarning>
              {relativeTime(shownAt)}
            </time>
          </p>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <AddToCollectionButton postId={post._id} isCompact />
          {isOwner ? (
            <OwnerActionsButton
              postId={post._id}
              draftStep={post.draftStep}
              onDeleted={() => onDeleted?.(post._id)}
            />
          ) : (
            <button
              type="button"
              onClick={() => void toggleBookmark()}
              aria-pressed={bookmarked}
              className={cn(
                "inline-flex h-8 items-center gap-1 rounded-lg border px-2 text-xs font-medium transition-colors",
                bookmarked
                  ? "border-brand-200 bg-brand-50 text-brand-800"
                  : "border-line text-ink hover:bg-surface-muted",
              )}
            >
              <BookmarkIcon filled={bookmarked} className="size-3.5" />
              {bookmarked ? "Bookmarked" : "Bookmark"}
            </button>
          )}
        </div>
      </div>
      <Link href={`/model/${post._id}`} className="mt-3 block">
        <div className="relative aspect-[4/3] bg-surface-muted">
          <VisibilityBadge visibility={post.visibility} className="absolute top-2 left-2 z-10 shadow-sm" />
          {post.thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs change per request; thumbnails are already small WebP/PNG
            <img
              src={post.thumbnail}
              alt=""
              loading={isPriority ? "eager" : "lazy"}
              fetchPriority={isPriority ? "high" : undefined}
              decoding="async"
              width={640}
              height={480}
              className="size-full object-cover"
            />
          ) : null}
        </div>
        <div className="space-y-1 px-4 pt-3">
          <h3 className="line-clamp-1 font-semibold text-ink group-hover:text-brand-700">{post.title}</h3>
          {post.category ? <p className="text-xs font-medium text-brand-700">{post.category.name}</p> : null}
          <p className="line-clamp-2 text-sm text-ink-muted">{post.description}</p>
        </div>
      </Link>
      {post.visibility === "draft" && post.draftStep ? (
        <p className="mx-4 mt-2 text-xs font-medium text-ink-muted" data-testid="draft-progress">
          Step {Math.min(post.draftStep, LAST_STEP)} of {LAST_STEP}
        </p>
      ) : null}
      {post.reviewRejectionReason ? (
        <div
          className="mx-4 mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
          data-testid="rejection-reason"
        >
          <p className="font-semibold">Changes requested by a reviewer</p>
          <p className="mt-0.5 line-clamp-4 break-words whitespace-pre-line">{post.reviewRejectionReason}</p>
        </div>
      ) : null}
      <div className="mt-auto flex items-center gap-3 px-4 pt-3 pb-4 text-sm text-ink-muted">
        <button
          type="button"
          onClick={() => void toggleLike()}
          aria-pressed={like.liked}
          aria-label={like.liked ? `Unlike (${like.likes} likes)` : `Like (${like.likes} likes)`}
          className={cn(
            "inline-flex items-center gap-1 rounded-md px-1 py-0.5 hover:bg-ink/5",
            like.liked ? "text-red-600" : "hover:text-ink",
          )}
        >
          <HeartIcon filled={like.liked} className="size-4" />
          <span data-testid="like-count">{like.likes}</span>
        </button>
        <span className="inline-flex items-center gap-1">
          <CommentIcon className="size-4" /> {post.comments}
          <span className="sr-only"> comments</span>
        </span>
        <RatingsDistributionDialog
          averageTotalRating={post.averageTotalRating}
          distribution={post.ratingsDistribution}
        />
        <span className="ml-auto inline-flex items-center gap-1" title="Download average">
          <DownloadIcon className="size-4" /> {post.downloadAverage}
          <span className="sr-only"> downloads on average</span>
        </span>
      </div>
    </article>
  );
}

/** The card's loading placeholder (the grid and loading.tsx reuse it). */
export function PostCardSkeleton() {
  return (
    <div
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface"
      aria-hidden
    >
      <div className="flex items-center gap-2 px-4 pt-4">
        <div className="size-8 animate-pulse rounded-full bg-surface-muted" />
        <div className="h-3 w-24 animate-pulse rounded bg-surface-muted" />
      </div>
      <div className="mt-3 aspect-[4/3] animate-pulse bg-surface-muted" />
      <div className="space-y-2 px-4 py-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-surface-muted" />
        <div className="h-3 w-full animate-pulse rounded bg-surface-muted" />
      </div>
    </div>
  );
}
