import { Container } from "@/components/layout/container";
import { PostGridSkeleton } from "@/components/posts/post-grid";
import { MachinesCardSkeleton } from "@/components/profile/machines-card";
import { PROFILE_SKELETON_CARDS } from "@/components/profile/profile-post-list";
import { ProfileCardSkeleton } from "@/components/profile/profile-card";
import { Skeleton } from "@/components/ui/skeleton";

/** The profile's loading view: both cards and the spec's 12 project card skeletons. */
export default function ProfileLoading() {
  return (
    <Container className="flex flex-col gap-8 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading profile
      </span>
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <ProfileCardSkeleton />
        <MachinesCardSkeleton />
      </div>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-7 w-32" />
        <PostGridSkeleton count={PROFILE_SKELETON_CARDS} />
      </div>
    </Container>
  );
}
