"use client";

import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { PostCard, PostCardSkeleton } from "@/components/posts/post-card";
import { onPostDeleted } from "@/components/posts/post-events";
import type { PostSummary } from "@/lib/validation/posts";
import { AUTOPLAY_DELAY_MS } from "./featured-autoplay";

// Swiper is imported when the carousel first needs it, not with the page's first scripts: at the
// visitor's first touch, pointer or focus on the row, or when its first autoplay step is due.
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

/**
 * When the carousel is needed: "interaction" once a pointer enters or a finger touches the row
 * (Swiper then keeps its own autoplay delay), "autoplay" when the first step is due (Swiper then
 * takes that step at once), null before. Swiper replaces the row's elements, so it never takes
 * over while the keyboard focus is in the row: it waits for the focus to leave.
 */
function useCarouselDemand(row: RefObject<HTMLDivElement | null>): [
  "interaction" | "autoplay" | null,
  Pick<React.ComponentProps<"div">, "onPointerEnter" | "onTouchStart" | "onBlur">,
] {
  const [demand, setDemand] = useState<"interaction" | "autoplay" | null>(null);
  const isDue = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      isDue.current = true;
      if (!row.current?.contains(document.activeElement)) setDemand((current) => current ?? "autoplay");
    }, AUTOPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [row]);
  const interact = () => setDemand((current) => current ?? "interaction");
  return [
    demand,
    {
      onPointerEnter: interact,
      onTouchStart: interact,
      onBlur: (event) => {
        if (isDue.current && !row.current?.contains(event.relatedTarget as Node | null))
          setDemand((current) => current ?? "autoplay");
      },
    },
  ];
}

/** 'Featured Designs': the first 5 posts of the listing in a looping carousel. */
export function FeaturedCarousel({ posts: initialPosts }: { posts: PostSummary[] }) {
  const [deletedIds, setDeletedIds] = useState<string[]>([]);
  useEffect(() => onPostDeleted((postId) => setDeletedIds((ids) => [...ids, postId])), []);
  const rowRef = useRef<HTMLDivElement>(null);
  const [demand, demandHandlers] = useCarouselDemand(rowRef);
  const posts = initialPosts.filter((post) => !deletedIds.includes(post._id));
  if (posts.length === 0) return null;
  const row = (
    <SlideRow ref={rowRef} aria-label="Featured Designs" {...(demand ? {} : demandHandlers)}>
      {posts.map((post, index) => (
        <div key={post._id} className={SLIDE_CLASSES}>
          <PostCard post={post} isPriority={index === 0} />
        </div>
      ))}
    </SlideRow>
  );
  return demand ? (
    <Suspense fallback={row}>
      <FeaturedSwiper posts={posts} isAutoplayDue={demand === "autoplay"} />
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
