import { FeaturedCarouselSkeleton } from "@/components/home/featured-carousel";
import { Container } from "@/components/layout/container";
import { PostCardSkeleton } from "@/components/posts/post-card";

export default function HomeLoading() {
  return (
    <Container className="space-y-10 py-6 sm:py-8" aria-busy>
      <FeaturedCarouselSkeleton />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </div>
    </Container>
  );
}
