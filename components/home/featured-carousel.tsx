"use client";

import { Autoplay, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import { PostCard, PostCardSkeleton } from "@/components/posts/post-card";
import type { PostSummary } from "@/lib/validation/posts";

/** 'Featured Designs': the first 5 posts of the listing in a looping carousel. */
export function FeaturedCarousel({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <Swiper
      modules={[Navigation, Pagination, Autoplay]}
      // Swiper needs more slides than are visible to loop; with fewer it simply stops at the ends.
      loop={posts.length > 3}
      navigation
      pagination={{ clickable: true }}
      autoplay={{ delay: 6000, disableOnInteraction: true, pauseOnMouseEnter: true }}
      spaceBetween={24}
      slidesPerView={1}
      breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
      className="featured-carousel !pb-10"
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

/** Three skeletons while the featured posts load (spec §2). */
export function FeaturedCarouselSkeleton() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="featured-skeleton">
      <PostCardSkeleton />
      <div className="hidden sm:flex">
        <PostCardSkeleton />
      </div>
      <div className="hidden lg:flex">
        <PostCardSkeleton />
      </div>
    </div>
  );
}
