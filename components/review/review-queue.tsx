"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CheckIcon } from "@/components/ui/icons";
import { ApiError } from "@/lib/api-client/client";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import {
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  type ReviewPost,
  approvePostEndpoint,
  listReviewPostsEndpoint,
  rejectPostEndpoint,
} from "@/lib/validation/review";
import { ReviewCard } from "./review-card";
import { announceReviewDecision } from "./review-events";

const errorText = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong");

/** Staff's queue of pending projects, oldest first; a decided project leaves the list. */
export function ReviewQueue({
  initialPosts,
  initialTotal,
}: {
  initialPosts: ReviewPost[];
  initialTotal: number;
}) {
  const [posts, setPosts] = useState(initialPosts);
  const [total, setTotal] = useState(initialTotal);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const hasMore = posts.length < total;

  function remove(postId: string) {
    setPosts((current) => current.filter((post) => post._id !== postId));
    setTotal((current) => Math.max(0, current - 1));
    announceReviewDecision();
  }

  async function approve(post: ReviewPost) {
    try {
      await callEndpoint(approvePostEndpoint, { params: { postId: post._id } });
      toast.success(REVIEW_MESSAGES.approved, { description: post.title });
      remove(post._id);
    } catch (error) {
      toast.error("Approval failed", { description: errorText(error) });
      // Decided elsewhere meanwhile: it is no longer in the queue.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) remove(post._id);
    }
  }

  async function reject(post: ReviewPost, reason: string) {
    try {
      await callEndpoint(rejectPostEndpoint, { params: { postId: post._id }, body: { reason } });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        toast.error("Rejection failed", { description: errorText(error) });
        remove(post._id);
        return;
      }
      throw error;
    }
    toast.success(REVIEW_MESSAGES.rejected, { description: post.title });
    remove(post._id);
  }

  async function loadMore() {
    setLoadingMore(true);
    try {
      // Decided projects have left the queue, so offsets moved: ask again from the start for more.
      const limit = Math.min(100, posts.length + REVIEW_PAGE_SIZE);
      const data = await callEndpoint(listReviewPostsEndpoint, { query: { page: 1, limit } });
      setPosts(data.posts);
      setTotal(data.pagination.total);
    } catch (error) {
      toast.error("Could not load more projects", { description: errorText(error) });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted" role="status" data-testid="review-count">
        {total === 1 ? "1 project is waiting for review." : `${total} projects are waiting for review.`}
      </p>
      {posts.length === 0 ? (
        <EmptyState
          icon={<CheckIcon />}
          title="Nothing to review"
          text="Every submitted project has been reviewed."
        />
      ) : (
        <ul className="flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post._id}>
              <ReviewCard
                post={post}
                onApprove={() => approve(post)}
                onReject={(reason) => reject(post, reason)}
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore && posts.length > 0 ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} disabled={isLoadingMore}>
            {isLoadingMore ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
