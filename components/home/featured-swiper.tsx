"use client";

import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import { PostCard } from "@/components/posts/post-card";
import type { PostSummary } from "@/lib/validation/posts";
import { AUTOPLAY_DELAY_MS } from "./featured-autoplay";

/**
 * The featured posts in Swiper's looping carousel; featured-carousel.tsx loads it when first
 * needed. `isAutoplayDue`: loaded for the first autoplay step, which it then takes at once.
 */
export function FeaturedSwiper({ posts, isAutoplayDue }: { posts: PostSummary[]; isAutoplayDue: boolean }) {
  return (
    <Swiper
      onSwiper={(swiper) => {
        if (isAutoplayDue && swiper.slides.length > 1) swiper.slideNext();
      }}
      modules={[A11y, Navigation, Pagination, Autoplay]}
      a11y={{ prevSlideMessage: "Previous featured design", nextSlideMessage: "Next featured design" }}
      // Swiper needs more slides than are visible to loop; with fewer it simply stops at the ends.
      loop={posts.length > 3}
      navigation
      pagination={{ clickable: true }}
      autoplay={{ delay: AUTOPLAY_DELAY_MS, disableOnInteraction: true, pauseOnMouseEnter: true }}
      spaceBetween={24}
      slidesPerView={1}
      breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
      className="featured-carousel !pb-10 [--swiper-navigation-size:28px] [--swiper-theme-color:var(--color-brand-600)]"
      aria-label="Featured Designs"
    >
      {posts.map((post, index) => (
        <SwiperSlide key={post._id} className="!flex !h-auto">
          <PostCard post={post} isPriority={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
