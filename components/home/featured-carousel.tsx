"use client";

import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { useEffect, useState } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import { PostCard, PostCardSkeleton } from "@/components/posts/post-card";
import { onPostDeleted } from "@/components/posts/post-events";
import type { PostSummary } from "@/lib/validation/posts";

/** 'Featured Designs': the first 5 posts of the listing in a looping carousel. */
export function FeaturedCarousel({ posts: initialPosts }: { posts: PostSummary[] }) {
  const [deletedIds, setDeletedIds] = useState<string[]>([]);
  useEffect(() => onPostDeleted((postId) => setDeletedIds((ids) => [...ids, postId])), []);
  const posts = initialPosts.filter((post) => !deletedIds.includes(post._id));
  if (posts.length === 0) return null;
  return (
    <Swiper
      modules={[A11y, Navigation, Pagination, Autoplay]}
      a11y={{ prevSlideMessage: "Previous featured design", nextSlideMessage: "Next featured design" }}
      // Swiper needs more slides than are visible to loop; with fewer it simply stops at the ends.
      loop={posts.length > 3}
      navigation
      pagination={{ clickable: true }}
      autoplay={{ delay: 6000, disableOnInteraction: true, pauseOnMouseEnter: true }}
      spaceBetween={24}
      slidesPerView={1}
      breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
      className="featured-carousel !pb-10 [--swiper-navigation-size:28px] [--swiper-theme-color:var(--color-brand-600)]"
      aria-label="Featured Designs"
    >
      {posts.map((post) => (
        <SwiperSlide key={post._id} className="!flex !h-auto">
          <PostCard post={post} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

/** Three skeletons while the featured posts load (spec §2), laid out like the carousel's slides. */
export function FeaturedCarouselSkeleton() {
  return (
    <div
      className="flex gap-6 overflow-hidden pb-10"
      data-testid="featured-skeleton"
      aria-busy
      aria-label="Loading featured designs"
    >
      {Array.from({ length: 3 }, (_, index) => (
        <div
          key={index}
          className="flex w-full shrink-0 sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
        >
          <PostCardSkeleton />
        </div>
      ))}
    </div>
  );
}
