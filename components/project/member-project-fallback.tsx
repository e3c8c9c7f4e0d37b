"use client";

import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { projectPagePostId } from "@/lib/guest-pages/paths";
import { getPost } from "@/lib/api-client/project";
import { hasMemberHint } from "@/lib/utils/before-paint";
import type { PostDetail } from "@/lib/validation/posts";
import { ProjectLoadingScreen } from "./project-loading-screen";
import { ProjectView } from "./project-view";

function subscribeToNothing(): () => void {
  return () => undefined;
}

/** The post to ask for as the member: the address's id when the member hint is held, else null. */
function readMemberPostId(): string | null {
  if (!hasMemberHint()) return null;
  return projectPagePostId(window.location.pathname);
}

/**
 * The cached project page's 'not found', which members are served too (ADR 019): a post hidden
 * from visitors may be the member's own draft or pending post, or one a reviewer opens. With the
 * member hint, the post is asked for as the member (the API decides what they may see) and shown
 * here; otherwise, or when the API does not find it either, `notFound` shows.
 *
 * Before hydration the server HTML holds both the loading screen and `notFound`, and globals.css
 * shows the one the member hint calls for, so neither flashes.
 */
export function MemberProjectFallback({ notFound }: { notFound: ReactNode }) {
  // undefined while hydrating (the server cannot know); then the id, or null for a visitor.
  const memberPostId = useSyncExternalStore(subscribeToNothing, readMemberPostId, () => undefined);
  const [lookup, setLookup] = useState<PostDetail | "missing" | null>(null);

  useEffect(() => {
    if (!memberPostId) return;
    let isCurrent = true;
    getPost(memberPostId)
      .then(({ post }) => {
        if (!isCurrent) return;
        document.title = post.title;
        setLookup(post);
      })
      .catch(() => isCurrent && setLookup("missing"));
    return () => {
      isCurrent = false;
    };
  }, [memberPostId]);

  if (memberPostId === undefined) {
    return (
      <>
        <div data-member-pending>
          <ProjectLoadingScreen />
        </div>
        <div data-guest-fallback>{notFound}</div>
      </>
    );
  }
  if (memberPostId === null || lookup === "missing") return notFound;
  if (lookup === null) return <ProjectLoadingScreen />;
  return <ProjectView initialPost={lookup} />;
}
