"use client";

import { useCallback } from "react";
import { PostGrid } from "@/components/posts/post-grid";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import type { PostSummary } from "@/lib/validation/posts";

const contracts = () => import("@/lib/validation/collections");

/** A collection's projects, page by page, in the collection's order. */
export function CollectionPostGrid({
  collectionId,
  initialPosts,
}: {
  collectionId: string;
  initialPosts: PostSummary[];
}) {
  const fetchPage = useCallback(
    async (page: number, limit: number) => {
      const { getCollectionEndpoint } = await contracts();
      return callEndpoint(getCollectionEndpoint, { params: { id: collectionId }, query: { page, limit } });
    },
    [collectionId],
  );
  return (
    <PostGrid
      initialPosts={initialPosts}
      query={{}}
      fetchPage={fetchPage}
      emptyTitle="No projects here yet"
      emptyText="Projects added to this collection appear here."
    />
  );
}
