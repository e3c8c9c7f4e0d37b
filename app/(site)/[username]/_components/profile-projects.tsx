import { AddProjectButton } from "@/components/profile/add-project-button";
import { PostGrid } from "@/components/posts/post-grid";
import type { Actor } from "@/lib/auth/actor";
import { listPostsByUser } from "@/lib/services/posts/list-posts-by-user";
import { PAGE_SIZE } from "@/lib/validation/posts";
import type { PublicUser } from "@/lib/validation/users";

/**
 * The profile's projects. The owner-only tabs (My Posts, Draft, Published, Pending for Review,
 * Bookmarks, Download Logs) with their view/postType parameters belong to the authoring issue and
 * replace this list; until then everybody sees the posts the server allows them to see.
 */
export async function ProfileProjects({ user, actor }: { user: PublicUser; actor: Actor | null }) {
  const list = await listPostsByUser({ actor, user: { id: user._id }, page: 1, limit: PAGE_SIZE });
  return (
    <section aria-labelledby="profile-projects-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-projects-heading" className="text-xl font-semibold tracking-tight">
          {user.isOwner ? "My Posts" : "Projects"}
        </h2>
        {user.isOwner ? <AddProjectButton /> : null}
      </div>
      <PostGrid
        initialPosts={list.posts}
        query={{}}
        endpoint={`/api/v1/post/getPostsByUsername/${encodeURIComponent(user.username)}`}
        emptyTitle="No posts found"
        emptyText={user.isOwner ? "Share your first project with the community." : undefined}
      />
    </section>
  );
}
