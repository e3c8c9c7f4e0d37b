"use client";

import { useCallback } from "react";
import { PostGrid } from "@/components/posts/post-grid";
import { callEndpoint } from "@/lib/api-client/call-endpoint";

// The contract's module builds zod schemas: it is imported at the first page, not with the page.
const remixContracts = () => import("@/lib/validation/remixes");

/**
 * "Remixes (n)": the projects based on this one, as cards loaded in the browser page by page
 * (the cached project page carries only the count); nothing when there are none.
 */
export function ProjectRemixes({ postId, count }: { postId: string; count: number }) {
  const fetchPage = useCallback(
    async (page: number, limit: number) =>
      callEndpoint((await remixContracts()).getRemixesEndpoint, {
        params: { postId },
        query: { page, limit },
      }),
    [postId],
  );
  if (count === 0) return null;
  return (
    <section aria-labelledby="remixes-heading" className="space-y-4">
      <h2 id="remixes-heading" className="text-xl font-semibold text-ink">
        Remixes <span className="text-ink-muted tabular-nums">({count})</span>
      </h2>
      <PostGrid
        key={postId}
        initialPosts={null}
        query={{}}
        fetchPage={fetchPage}
        skeletonCount={Math.min(count, 4)}
        emptyTitle="No remixes to show"
        emptyText="The remixes of this project are not public any more."
      />
    </section>
  );
}
