"use client";

import type { Editor } from "@tiptap/react";
import Link from "next/link";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { UserLink } from "@/components/profile/user-link";
import { toast } from "@/components/ui/toast";
import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { useSession } from "@/components/auth/session-provider";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { TrashIcon } from "@/components/ui/icons";
import { FieldError } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client/client";
import { createComment, deleteComment, getComments } from "@/lib/api-client/project";
import { isDeltaEmpty, tiptapToDelta, type TiptapNode } from "@/lib/comments/delta";
import { COMMENT_EMPTY_MESSAGE } from "@/lib/validation/comment-messages";
import type { Comment } from "@/lib/validation/comments";
import { CommentBody } from "./comment-body";
import { CommentEditorPlaceholder } from "./comment-editor-placeholder";

// Tiptap (the editor) loads only when a signed-in user starts a comment: a visitor's first load
// stays lean, and the placeholder of the same size keeps the layout still meanwhile.
const CommentEditorField = lazy(() =>
  import("./comment-editor").then((module) => ({ default: module.CommentEditorField })),
);

const dateLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function CommentBox({ postId, onPosted }: { postId: string; onPosted: (comment: Comment) => void }) {
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [isPosting, setPosting] = useState(false);
  const [isEditorOpen, setEditorOpen] = useState(false);
  // Set by the lazily loaded editor once it exists; null until then (and the comment is empty).
  const [editor, setEditor] = useState<Editor | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!user) {
      openAuthDialog("login");
      return;
    }
    const delta = editor ? tiptapToDelta(editor.getJSON() as TiptapNode) : null;
    if (!editor || !delta || isDeltaEmpty(delta)) {
      setError(COMMENT_EMPTY_MESSAGE);
      return;
    }
    setPosting(true);
    try {
      const { comment } = await createComment(postId, JSON.stringify(delta));
      editor.commands.clearContent(true);
      onPosted(comment);
    } catch (caught) {
      const message =
        caught instanceof ApiError ? (caught.issues[0]?.message ?? caught.message) : "Something went wrong";
      setError(message);
      if (caught instanceof ApiError && caught.status === 401) openAuthDialog("login");
    } finally {
      setPosting(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-3" noValidate>
      {user ? (
        <UserLink user={user} className="text-sm" />
      ) : (
        <div className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <p className="font-semibold">Whoops! You’re Missing out..</p>
          <p className="text-brand-800">Log in to join the conversation.</p>
        </div>
      )}
      {user && isEditorOpen ? (
        <Suspense
          fallback={
            <CommentEditorPlaceholder invalid={error !== null} isLoading onActivate={() => undefined} />
          }
        >
          <CommentEditorField invalid={error !== null} onChange={() => setError(null)} onReady={setEditor} />
        </Suspense>
      ) : (
        <CommentEditorPlaceholder
          invalid={error !== null}
          onFocus={user ? () => setEditorOpen(true) : undefined}
          onActivate={user ? () => setEditorOpen(true) : () => openAuthDialog("login")}
        />
      )}
      {error ? <FieldError>{error}</FieldError> : null}
      <div className="flex justify-end">
        <Button type="submit" isLoading={isPosting}>
          {user ? "Post" : "Login to Comment"}
        </Button>
      </div>
    </form>
  );
}

function DeleteCommentButton({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [isOpen, setOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  return (
    <>
      <Button variant="ghost" size="icon-sm" aria-label="Delete comment" onClick={() => setOpen(true)}>
        <TrashIcon />
      </Button>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent title="Delete comment" size="sm">
          <p className="text-sm text-ink-muted">Are you sure you want to delete?</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              isLoading={isDeleting}
              onClick={async () => {
                setDeleting(true);
                await onConfirm();
                setDeleting(false);
                setOpen(false);
              }}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

export function CommentListSkeleton() {
  return (
    <ul aria-hidden="true" className="space-y-5">
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} className="flex gap-3">
          <Skeleton className="size-7 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-32" />
            <Skeleton className="h-3 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The 'Comments (count)' bar, the comment box and the 600 px timeline of comments. */
export function CommentsSection({
  postId,
  initialCount,
  barAction,
}: {
  postId: string;
  initialCount: number;
  barAction?: ReactNode;
}) {
  const [comments, setComments] = useState<Comment[] | null>(null);

  useEffect(() => {
    let isCurrent = true;
    getComments(postId)
      .then((result) => isCurrent && setComments(result.comments))
      .catch(() => isCurrent && setComments([]));
    return () => {
      isCurrent = false;
    };
  }, [postId]);

  async function onDelete(comment: Comment) {
    try {
      await deleteComment(postId, comment._id);
      setComments((current) => current?.filter((item) => item._id !== comment._id) ?? null);
      toast.success("Comment deleted");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Failed to delete the comment.");
    }
  }

  const count = comments?.length ?? initialCount;
  return (
    <section aria-labelledby="comments-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface-muted px-4 py-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-ink">
          Comments ({count})
        </h2>
        {barAction}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CommentBox
          postId={postId}
          onPosted={(comment) => setComments((current) => [comment, ...(current ?? [])])}
        />
        <div className="max-h-[600px] overflow-y-auto pr-1" aria-busy={comments === null}>
          {comments === null ? (
            <CommentListSkeleton />
          ) : comments.length === 0 ? (
            <div className="rounded-xl border border-dashed border-line-strong px-6 py-10 text-center">
              <p className="font-semibold text-ink">Comments Not Found!</p>
              <p className="text-sm text-ink-muted">your thoughts could lead the way</p>
            </div>
          ) : (
            <ol className="relative space-y-5 border-l border-line pl-5">
              {comments.map((comment) => (
                <li key={comment._id} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-600"
                  />
                  <article className="space-y-1" aria-label={`Comment by ${comment.user.fullName}`}>
                    <div className="flex items-start justify-between gap-2">
                      <div className="flex items-center gap-2">
                        <Avatar
                          src={comment.user.profilePicture}
                          name={comment.user.username}
                          alt=""
                          size="sm"
                        />
                        <div>
                          <Link
                            href={`/${comment.user.username}`}
                            className="text-sm font-semibold text-ink hover:underline"
                          >
                            {comment.user.fullName}
                          </Link>
                          <p className="text-xs text-ink-subtle">
                            <time dateTime={comment.commentedAt}>
                              {dateLabel.format(new Date(comment.commentedAt))}
                            </time>
                          </p>
                        </div>
                      </div>
                      {comment.canDelete ? <DeleteCommentButton onConfirm={() => onDelete(comment)} /> : null}
                    </div>
                    <CommentBody comment={comment.comment} />
                  </article>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
