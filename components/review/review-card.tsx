"use client";

import { FeedsCheckList } from "@/components/feeds/feeds-check-list";
import Link from "next/link";
import { useState } from "react";
import { VisibilityBadge } from "@/components/posts/visibility-badge";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import type { ReviewPost } from "@/lib/validation/review";
import { ModelPreview } from "./model-preview";
import { RejectPostDialog } from "./reject-post-dialog";

const submittedFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** One pending project in the queue: what a reviewer needs to decide, and the two decisions. */
export function ReviewCard({
  post,
  onApprove,
  onReject,
}: {
  post: ReviewPost;
  onApprove: () => Promise<void>;
  onReject: (reason: string) => Promise<void>;
}) {
  const [isApproving, setApproving] = useState(false);
  const [isRejectOpen, setRejectOpen] = useState(false);
  const warnings = post.preflight.flatMap((report) =>
    report.warnings.map((warning) => ({ fileName: report.fileName, warning })),
  );
  const headingId = `review-${post._id}`;

  async function approve() {
    setApproving(true);
    try {
      await onApprove();
    } finally {
      setApproving(false);
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
      data-testid="review-card"
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="relative aspect-[4/3] w-full shrink-0 overflow-hidden rounded-xl bg-surface-muted sm:w-56">
          {post.thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs change per request
            <img src={post.thumbnail} alt="" className="size-full object-cover" width={320} height={240} />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-ink-subtle">
              No thumbnail
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <VisibilityBadge visibility={post.visibility} />
            {post.category ? (
              <span className="text-xs font-medium text-brand-700">{post.category.name}</span>
            ) : null}
          </div>
          <h2 id={headingId} className="text-lg leading-snug font-semibold text-ink">
            <Link href={`/model/${post._id}`} prefetch={false} className="hover:underline">
              {post.title || "Untitled project"}
            </Link>
          </h2>
          <p className="flex items-center gap-2 text-sm text-ink-muted">
            <Avatar src={post.user.profilePicture} name={post.user.username} alt="" size="sm" />
            <Link
              href={`/${post.user.username}`}
              prefetch={false}
              className="font-medium text-ink hover:underline"
            >
              @{post.user.username}
            </Link>
            <span aria-hidden>·</span>
            <span>
              Submitted{" "}
              <time dateTime={post.submittedAt} suppressHydrationWarning>
                {submittedFormat.format(new Date(post.submittedAt))}
              </time>
            </span>
          </p>
          <p className="line-clamp-3 text-sm text-ink-muted">{post.description}</p>
        </div>
      </div>

      <section aria-label="Pre-flight checks" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink">Pre-flight</h3>
        {post.preflight.length === 0 ? (
          <p className="text-sm text-ink-muted">This project has no model files.</p>
        ) : post.preflight.every((report) => report.report === null) ? (
          <p className="text-sm text-ink-muted">No pre-flight report for these models yet.</p>
        ) : warnings.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-green-800">
            <CheckIcon className="size-4" /> No warnings on {post.preflight.length} model
            {post.preflight.length === 1 ? "" : "s"}.
          </p>
        ) : (
          <ul className="flex flex-col gap-1.5" data-testid="preflight-warnings">
            {warnings.map(({ fileName, warning }, index) => (
              <li
                key={`${fileName}-${index}`}
                className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                <AlertIcon className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="font-medium">{fileName}:</span> {warning}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {post.preflight.some((report) => report.feeds.length > 0) ? (
        <section aria-label="Feeds check" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">Feeds check</h3>
          {post.preflight.map((report) => (
            <FeedsCheckList key={report.modelId} checks={report.feeds} fileName={report.fileName} />
          ))}
        </section>
      ) : null}

      <section aria-label="3D preview" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink">3D preview</h3>
        <ModelPreview models={post.models} />
      </section>

      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setRejectOpen(true)} disabled={isApproving}>
          Reject
        </Button>
        <Button onClick={() => void approve()} disabled={isApproving}>
          {isApproving ? "Approving..." : "Approve"}
        </Button>
      </div>
      <RejectPostDialog
        projectTitle={post.title}
        open={isRejectOpen}
        onOpenChange={setRejectOpen}
        onReject={onReject}
      />
    </article>
  );
}
