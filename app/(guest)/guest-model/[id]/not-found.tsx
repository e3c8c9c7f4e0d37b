import { NotFoundView } from "@/components/layout/not-found-view";
import { MemberProjectFallback } from "@/components/project/member-project-fallback";

/**
 * A missing or hidden post: 404 with the spec's view. Members are served this cached page too
 * (ADR 019), so their own draft or pending post is then loaded after all, as them.
 */
export default function GuestProjectNotFound() {
  return <MemberProjectFallback notFound={<NotFoundView />} />;
}
