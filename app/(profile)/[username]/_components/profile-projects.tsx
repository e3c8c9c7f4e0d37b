import { Suspense } from "react";
import { PostGridSkeleton } from "@/components/posts/post-grid";
import { AddProjectButton } from "@/components/profile/add-project-button";
import { DownloadLogsView } from "@/components/profile/download-logs-view";
import {
  BookmarkedPostList,
  PROFILE_SKELETON_CARDS,
  ProfilePostList,
} from "@/components/profile/profile-post-list";
import { ProfileTabs } from "@/components/profile/profile-tabs";
import { CollectionList } from "@/components/collections/collection-list";
import {
  PROFILE_TABS,
  type ProfileView,
  VISITOR_TABS,
  isActiveTab,
  isVisitorView,
} from "@/components/profile/profile-views";
import type { Actor } from "@/lib/auth/actor";
import { listBookmarkedPosts } from "@/lib/services/bookmarks/list-bookmarked-posts";
import { listCollectionsByUsername } from "@/lib/services/collections/list-collections-by-username";
import { listPostsByUser } from "@/lib/services/posts/list-posts-by-user";
import { PAGE_SIZE, type ProfilePostType } from "@/lib/validation/posts";
import type { PublicUser } from "@/lib/validation/users";

/**
 * The profile's lists. The owner gets the tabs (spec §2 "Profile") over view and postType; everybody
 * else sees the public projects, whatever the address says.
 */
export function ProfileProjects({
  user,
  actor,
  view,
  postType,
}: {
  user: PublicUser;
  actor: Actor | null;
  view: ProfileView;
  postType: ProfilePostType | undefined;
}) {
  const isOwner = user.isOwner && actor !== null;
  const activeView = isOwner || isVisitorView(view) ? view : "userPosts";
  const activeType = isOwner && activeView === "userPosts" ? postType : undefined;
  const tabs = isOwner ? PROFILE_TABS : VISITOR_TABS;
  const heading =
    tabs.find((tab) => isActiveTab(tab, activeView, activeType))?.label ??
    (isOwner ? "My Posts" : "Projects");

  return (
    <section aria-labelledby="profile-projects-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-projects-heading" className="sr-only">
          {heading}
        </h2>
        {isOwner ? <AddProjectButton /> : null}
      </div>
      <ProfileTabs view={activeView} postType={activeType} isOwner={isOwner} />
      {activeView === "downloadLogs" && actor ? (
        <DownloadLogsView />
      ) : activeView === "collections" ? (
        <Suspense fallback={<PostGridSkeleton count={4} />}>
          <CollectionsFirstPage user={user} actor={actor} />
        </Suspense>
      ) : (
        <Suspense
          key={`${activeView}:${activeType ?? ""}`}
          fallback={<PostGridSkeleton count={PROFILE_SKELETON_CARDS} />}
        >
          {activeView === "bookmarks" && actor ? (
            <BookmarksFirstPage actor={actor} />
          ) : (
            <PostsFirstPage user={user} actor={actor} postType={activeType} />
          )}
        </Suspense>
      )}
    </section>
  );
}

async function PostsFirstPage({
  user,
  actor,
  postType,
}: {
  user: PublicUser;
  actor: Actor | null;
  postType: ProfilePostType | undefined;
}) {
  const list = await listPostsByUser({ actor, user: { id: user._id }, page: 1, limit: PAGE_SIZE, postType });
  return (
    <ProfilePostList
      key={postType ?? "all"}
      username={user.username}
      postType={postType}
      initialPosts={list.posts}
    />
  );
}

async function CollectionsFirstPage({ user, actor }: { user: PublicUser; actor: Actor | null }) {
  const { collections } = await listCollectionsByUsername({
    actor,
    username: user.username,
    page: 1,
    limit: 100,
  });
  return <CollectionList collections={collections} isOwner={user.isOwner && actor !== null} />;
}

async function BookmarksFirstPage({ actor }: { actor: Actor }) {
  const list = await listBookmarkedPosts({ actor, page: 1, limit: PAGE_SIZE });
  return <BookmarkedPostList initialPosts={list.posts} />;
}
