"use client";

import { useEffect, useState } from "react";
import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { useSession } from "@/components/auth/session-provider";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { announcePostChanged, latestPostChange, onPostChanged } from "./post-events";

// The contract's module builds zod schemas: it is imported at the first call, not with the page.
const postContracts = () => import("@/lib/validation/posts");

interface LikeState {
  liked: boolean;
  likes: number;
}

/**
 * Like and bookmark toggles of one card. Both are optimistic and roll back when the call fails.
 * A visitor's click opens the login dialog and the create call still goes out (spec §4), to be
 * answered 401, after which the state rolls back.
 */
export function usePostInteractions(post: {
  _id: string;
  likes: number;
  hasLikedByUser?: boolean;
  hasBookmarkedByUser?: boolean;
}) {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const [like, setLike] = useState<LikeState>(
    () =>
      latestPostChange(viewerId, post._id)?.like ?? {
        liked: post.hasLikedByUser ?? false,
        likes: post.likes,
      },
  );
  const [bookmarked, setBookmarked] = useState(
    () => latestPostChange(viewerId, post._id)?.bookmarked ?? post.hasBookmarkedByUser ?? false,
  );
  const [isLikePending, setLikePending] = useState(false);
  const [isBookmarkPending, setBookmarkPending] = useState(false);

  // The same project can be on the page twice (featured carousel and grid): keep both in step.
  useEffect(
    () =>
      onPostChanged((change) => {
        if (change.postId !== post._id) return;
        if (change.like) setLike(change.like);
        if (change.bookmarked !== undefined) setBookmarked(change.bookmarked);
      }),
    [post._id],
  );

  async function toggleLike() {
    if (isLikePending) return;
    const previous = like;
    const willLike = !previous.liked;
    if (!user) openAuthDialog("login");
    setLike({ liked: willLike, likes: Math.max(0, previous.likes + (willLike ? 1 : -1)) });
    setLikePending(true);
    try {
      const { createLikeEndpoint, deleteLikeEndpoint } = await postContracts();
      const { like: state } = willLike
        ? await callEndpoint(createLikeEndpoint, { body: { postId: post._id } })
        : await callEndpoint(deleteLikeEndpoint, { query: { postId: post._id } });
      const confirmed = { liked: state.hasLikedByUser, likes: state.likes };
      setLike(confirmed);
      announcePostChanged(viewerId, { postId: post._id, like: confirmed });
    } catch {
      setLike(previous);
    } finally {
      setLikePending(false);
    }
  }

  async function toggleBookmark() {
    if (isBookmarkPending) return;
    const previous = bookmarked;
    if (!user) openAuthDialog("login");
    setBookmarked(!previous);
    setBookmarkPending(true);
    try {
      const { createBookmarkEndpoint, deleteBookmarkEndpoint } = await postContracts();
      const { bookmark } = previous
        ? await callEndpoint(deleteBookmarkEndpoint, { query: { postId: post._id } })
        : await callEndpoint(createBookmarkEndpoint, { body: { postId: post._id } });
      setBookmarked(bookmark.hasBookmarkedByUser);
      announcePostChanged(viewerId, { postId: post._id, bookmarked: bookmark.hasBookmarkedByUser });
    } catch {
      setBookmarked(previous);
    } finally {
      setBookmarkPending(false);
    }
  }

  return {
    like,
    bookmarked,
    toggleLike,
    toggleBookmark,
    isLikePending,
    isBookmarkPending,
    viewerId,
  };
}
