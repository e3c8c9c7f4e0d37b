import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Container } from "@/components/layout/container";
import { ReviewQueue } from "@/components/review/review-queue";
import { getSignupCompleteActor } from "@/lib/auth/guards";
import { canReviewPosts } from "@/lib/services/posts/post-access";
import { listPendingPosts } from "@/lib/services/review/list-pending-posts";
import { REVIEW_PAGE_SIZE } from "@/lib/validation/review";

export const metadata: Metadata = { title: "Review queue", robots: { index: false } };

/** Staff's review queue. Everybody else gets the not-found view, so the page's existence does not show. */
export default async function ReviewPage() {
  const actor = await getSignupCompleteActor();
  if (!canReviewPosts(actor) || !actor) notFound();
  const queue = await listPendingPosts({ actor, page: 1, limit: REVIEW_PAGE_SIZE });
  return (
    <Container className="flex max-w-4xl flex-col gap-6 py-6 sm:py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Review queue</h1>
        <p className="text-sm text-ink-muted">
          Projects submitted for review, the longest-waiting first. Approve to publish one, or reject it with
          a reason its author will read.
        </p>
      </div>
      <ReviewQueue initialPosts={queue.posts} initialTotal={queue.pagination.total} />
    </Container>
  );
}
