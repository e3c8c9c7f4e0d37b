"use client";

import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { PostCard, PostCardSkeleton } from "@/components/posts/post-card";
import { onPostDeleted } from "@/components/posts/post-events";
import type { PostSummary } from "@/lib/validation/posts";

// Swiper is imported once the page is idle after hydration, not with its first scripts.
// Until then the same cards stand in a row laid out as Swiper lays out its slides (1, 2 or 3 per
// view at Swiper's breakpoints, 24 px apart), so nothing moves when the carousel takes over.
const FeaturedSwiper = lazy(() =>
  import("./featured-swiper").then((module) => ({ default: module.FeaturedSwiper })),
);

const SLIDE_CLASSES = "flex w-full shrink-0 sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]";

function SlideRow({ children, ...props }: { children: ReactNode } & React.ComponentProps<"div">) {
  return (
    <div className="flex gap-6 overflow-hidden pb-10" {...props}>
      {children}
    </div>
  );
}

/** True once the browser is idle after the first render (at once where it cannot tell). */
function useIsIdle(): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return isIdle;
}

/** 'Featured Designs': the first 5 posts of the listing in a looping carousel. */
export function FeaturedCarousel({ posts: initialPosts }: { posts: PostSummary[] }) {
  const [deletedIds, setDeletedIds] = useState<string[]>([]);
  useEffect(() => onPostDeleted((postId) => setDeletedIds((ids) => [...ids, postId])), []);
  const isIdle = useIsIdle();
  const posts = initialPosts.filter((post) => !deletedIds.includes(post._id));
  if (posts.length === 0) return null;
  const row = (
    <SlideRow aria-label="Featured Designs">
      {posts.map((post) => (
        <div key={post._id} className={SLIDE_CLASSES}>
          <PostCard post={post} />
        </div>
      ))}
    </SlideRow>
  );
  return isIdle ? (
    <Suspense fallback={row}>
      <FeaturedSwiper posts={posts} />
    </Suspense>
  ) : (
    row
  );
}

/** Three skeletons while the featured posts load (spec §2), laid out like the carousel's slides. */
export function FeaturedCarouselSkeleton() {
  return (
    <SlideRow data-testid="featured-skeleton" aria-busy aria-label="Loading featured designs">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className={SLIDE_CLASSES}>
          <PostCardSkeleton />
        </div>
      ))}
    </SlideRow>
  );
}
