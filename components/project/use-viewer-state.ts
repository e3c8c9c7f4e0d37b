"use client";

import { useEffect, useState } from "react";
import { announcePostChanged } from "@/components/posts/post-events";
import { getPostViewerState } from "@/lib/api-client/project";
import type { PostMachine } from "@/lib/validation/posts";

/**
 * What the project page shows only to the signed-in viewer, fetched after load (ADR 017): the page
 * HTML is the same cached copy for everyone, so it says none of it. The like and bookmark reach the
 * toggles (components/posts/use-post-interactions.ts) as a confirmed change, with the like count
 * as of now; the viewer's machines (for "Your machines" fit) are returned, null until known.
 */
export function useViewerState(postId: string, viewerId: string | null): PostMachine[] | null {
  const [loaded, setLoaded] = useState<{ viewerId: string; machines: PostMachine[] } | null>(null);
  useEffect(() => {
    if (!viewerId) return;
    let isCurrent = true;
    getPostViewerState(postId)
      .then(({ viewerState }) => {
        if (!isCurrent) return;
        announcePostChanged(viewerId, {
          postId,
          like: { liked: viewerState.hasLikedByUser, likes: viewerState.likes },
          bookmarked: viewerState.hasBookmarkedByUser,
        });
        setLoaded({ viewerId, machines: viewerState.viewerMachines });
      })
      // The page keeps its own figures; a click on a toggle still works and corrects them.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [postId, viewerId]);
  // Someone else's machines never outlive their session.
  return loaded && loaded.viewerId === viewerId ? loaded.machines : null;
}
