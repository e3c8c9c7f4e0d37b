"use client";

import { useCallback } from "react";
import { PostGrid } from "@/components/posts/post-grid";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import {
  bookmarkedPostsEndpoint,
  type PostList,
  type PostSummary,
  type ProfilePostType,
  postsByUsernameEndpoint,
} from "@/lib/validation/posts";

/** Cards shown while a profile list's first page loads (spec §9). */
export const PROFILE_SKELETON_CARDS = 12;

function ProfileGrid({
  initialPosts,
  fetchPage,
}: {
  initialPosts: PostSummary[] | null;
  fetchPage: (page: number, limit: number) => Promise<PostList>;
}) {
  return (
    <PostGrid
      initialPosts={initialPosts}
      query={{}}
      fetchPage={fetchPage}
      skeletonCount={PROFILE_SKELETON_CARDS}
      emptyTitle="No posts found"
      emptyText=""
    />
  );
}

/** A profile's posts (the owner's tab when postType is given), scrolling on page by page. */
export function ProfilePostList({
  username,
  postType,
  initialPosts,
}: {
  username: string;
  postType?: ProfilePostType;
  initialPosts: PostSummary[] | null;
}) {
  const fetchPage = useCallback(
    (page: number, limit: number) =>
      callEndpoint(postsByUsernameEndpoint, { params: { username }, query: { page, limit, postType } }),
    [username, postType],
  );
  return <ProfileGrid initialPosts={initialPosts} fetchPage={fetchPage} />;
}

/** The owner's 'Bookmarks' tab. */
export function BookmarkedPostList({ initialPosts }: { initialPosts: PostSummary[] | null }) {
  const fetchPage = useCallback(
    (page: number, limit: number) => callEndpoint(bookmarkedPostsEndpoint, { query: { page, limit } }),
    [],
  );
  return <ProfileGrid initialPosts={initialPosts} fetchPage={fetchPage} />;
}
