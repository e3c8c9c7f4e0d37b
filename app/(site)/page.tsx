import { Container } from "@/components/layout/container";
import { PostCard } from "@/components/posts/post-card";
import { EmptyState } from "@/components/ui/empty-state";
import { listRecentPublicPosts } from "@/lib/services/posts/list-recent-public-posts";

// Rendered per request: the listing changes all the time and the build has no database.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const posts = await listRecentPublicPosts({ limit: 20 });
  return (
    <Container className="py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Top Results</h1>
      {posts.length === 0 ? (
        <EmptyState
          className="mt-8"
          title="No posts found"
          text="Projects shared by the community will appear here."
        />
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {posts.map((post) => (
            <li key={post._id} className="flex">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
