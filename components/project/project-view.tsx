"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { UserLink } from "@/components/profile/user-link";
import { useSession } from "@/components/auth/session-provider";
import { CommentsSection } from "@/components/comments/comments-section";
import { Container } from "@/components/layout/container";
import { LazyMakeUploadDialog as MakeUploadDialog } from "@/components/makes/lazy-make-upload-dialog";
import { ProjectMakes } from "@/components/makes/project-makes";
import { RatingsDistributionDialog } from "@/components/posts/ratings-distribution-dialog";
import { usePostInteractions } from "@/components/posts/use-post-interactions";
import { VisibilityBadge } from "@/components/posts/visibility-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { BookmarkIcon, HeartIcon, InfoIcon, UploadIcon } from "@/components/ui/icons";
import { getMakes, getPost } from "@/lib/api-client/project";
import type { Make } from "@/lib/validation/makes";
import type { PostDetail } from "@/lib/validation/posts";
import { AddToCollectionButton } from "@/components/collections/add-to-collection-button";
import { SendToMachineDialog } from "@/components/send-to-machine/send-to-machine-dialog";
import { sendableModels } from "@/lib/send-to-machine/sendable-models";
import { BasedOnList } from "@/components/remixes/based-on-list";
import { AttachmentCarousel } from "./attachment-carousel";
import { DownloadDialog } from "./download-dialog";
import { ProjectDetails } from "./project-details";
import { ShareDialog } from "./share-dialog";
import { toSlides } from "./slides";
import { useViewerState } from "./use-viewer-state";

// The Follow button asks for the reader's state after load anyway; its code comes with it, behind
// a disabled button of the same look.
const FollowButton = dynamic(
  () => import("@/components/follows/follow-button").then((module) => module.FollowButton),
  {
    loading: () => (
      <Button type="button" variant="primary" size="sm" disabled>
        Follow
      </Button>
    ),
  },
);
// Remix cards (the post grid and its cards' buttons) load only on a project that has remixes.
const ProjectRemixes = dynamic(() =>
  import("@/components/remixes/project-remixes").then((module) => module.ProjectRemixes),
);

function ProjectActions({ post, onRefetch }: { post: PostDetail; onRefetch: () => void }) {
  const { like, bookmarked, toggleLike, toggleBookmark, isLikePending, isBookmarkPending } =
    usePostInteractions(post);
  return (
    <div className="sticky top-16 z-20 -mx-4 border-b border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-surface/95">
      <h2 className="text-lg font-semibold text-ink">Project Details</h2>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        <DownloadDialog post={post} onRefetch={onRefetch} />
        {sendableModels(post.attachments).length ? (
          <SendToMachineDialog
            post={post}
            trigger={
              <Button variant="secondary" size="sm">
                <UploadIcon />
                Send to my machine
              </Button>
            }
          />
        ) : null}
        <ShareDialog postId={post._id} title={post.title} />
        <RatingsDistributionDialog
          averageTotalRating={post.averageTotalRating}
          distribution={post.ratingsDistribution}
        />
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={like.liked}
          aria-label={like.liked ? "Unlike" : "Like"}
          disabled={isLikePending}
          onClick={() => void toggleLike()}
        >
          <HeartIcon filled={like.liked} className={like.liked ? "text-red-600" : undefined} />
          <span className="tabular-nums">{like.likes}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={bookmarked}
          disabled={isBookmarkPending}
          onClick={() => void toggleBookmark()}
        >
          <BookmarkIcon filled={bookmarked} className={bookmarked ? "text-brand-600" : undefined} />
          {bookmarked ? "Bookmarked" : "Bookmark"}
        </Button>
        <AddToCollectionButton postId={post._id} className="h-8 border-transparent" />
      </div>
    </div>
  );
}

/**
 * The interactive project page; the server renders it first with the post as anyone sees it (the
 * cached guest page, ADR 017), and the viewer's own like and bookmark load after.
 */
export function ProjectView({ initialPost }: { initialPost: PostDetail }) {
  const { user } = useSession();
  const [post, setPost] = useState(initialPost);
  // A server refresh brings a new initialPost: adopt it (React's "adjust state on prop change").
  const [seenInitial, setSeenInitial] = useState(initialPost);
  if (seenInitial !== initialPost) {
    setSeenInitial(initialPost);
    setPost(initialPost);
  }
  const [slideIndex, setSlideIndex] = useState(0);
  const [makes, setMakes] = useState<Make[] | null>(null);
  const [isMakeDialogOpen, setMakeDialogOpen] = useState(false);
  const slides = useMemo(() => toSlides(post.attachments), [post.attachments]);
  const viewerMachines = useViewerState(initialPost._id, user?._id ?? null);
  const shownPost = useMemo(
    () => (viewerMachines ? { ...post, viewerMachines } : post),
    [post, viewerMachines],
  );

  const refetchPost = useCallback(() => {
    void getPost(initialPost._id)
      .then(({ post: fresh }) => setPost(fresh))
      .catch(() => undefined);
  }, [initialPost._id]);

  const loadMakes = useCallback(
    () =>
      getMakes(initialPost._id)
        .then((result) => setMakes(result.makes))
        .catch(() => setMakes([])),
    [initialPost._id],
  );

  useEffect(() => {
    void loadMakes();
  }, [loadMakes]);

  const onJump = useCallback((index: number) => {
    setSlideIndex(index);
    document.getElementById("project-files")?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, []);

  return (
    <Container className="space-y-10 py-6 sm:py-8">
      {post.visibility === "private" ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0" />
          This project will not be visible to others until it is approved by the provider.
        </div>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="min-w-0 space-y-4 lg:sticky lg:top-20">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{post.title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <UserLink user={post.user} />
            <FollowButton username={post.user.username} />
            {post.user.isOnefinityOfficial ? <Badge tone="brand">Official</Badge> : null}
            <VisibilityBadge visibility={post.visibility} />
          </div>
          <BasedOnList basedOn={post.basedOn} />
          <div id="project-files" className="scroll-mt-24">
            <AttachmentCarousel
              slides={slides}
              index={slideIndex}
              onIndexChange={setSlideIndex}
              title={post.title}
            />
          </div>
        </div>
        <div className="min-w-0 space-y-5">
          <ProjectActions post={post} onRefetch={refetchPost} />
          <ProjectDetails post={shownPost} slides={slides} activeIndex={slideIndex} onJump={onJump} />
        </div>
      </div>
      <CommentsSection
        postId={post._id}
        initialCount={post.comments}
        barAction={
          user ? (
            <Button size="sm" onClick={() => setMakeDialogOpen(true)}>
              <UploadIcon />
              Upload Make
            </Button>
          ) : null
        }
      />
      {user && user.ownedMachines.length === 0 ? (
        <p className="-mt-6 text-sm text-ink-muted">
          To upload a make,{" "}
          <Link
            href={`/${user.username}?addMachine=true`}
            className="font-medium text-brand-700 hover:underline"
          >
            add your machines on your profile
          </Link>
          .
        </p>
      ) : null}
      <ProjectMakes
        makes={makes}
        onDeleted={(id) => {
          setMakes((current) => current?.filter((make) => make._id !== id) ?? null);
          refetchPost();
        }}
      />
      <ProjectRemixes postId={post._id} count={post.remixCount} />
      {user ? (
        <MakeUploadDialog
          postId={post._id}
          tools={post.toolData}
          isOpen={isMakeDialogOpen}
          onOpenChange={setMakeDialogOpen}
          onPublished={() => {
            void loadMakes();
            refetchPost();
          }}
        />
      ) : null}
    </Container>
  );
}
