import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Container } from "@/components/layout/container";
import { VisibilityBadge } from "@/components/posts/visibility-badge";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { getCurrentActor } from "@/lib/auth/current-actor";
import { isAppError } from "@/lib/errors";
import { getPostDetail } from "@/lib/services/posts/get-post-detail";
import { idSchema } from "@/lib/validation/common";
import type { PostDetail } from "@/lib/validation/posts";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

async function loadPost(id: string): Promise<PostDetail> {
  if (!idSchema.safeParse(id).success) notFound();
  try {
    return await getPostDetail({ postId: id, actor: await getCurrentActor() });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const post = await loadPost(id);
  return { title: post.title, description: post.description.slice(0, 160) };
}

/** The project page. The full page (carousel, 3D viewer, downloads, comments, makes) comes later. */
export default async function ProjectPage({ params }: Props) {
  const { id } = await params;
  const post = await loadPost(id);
  // The spec shows 'Oops! Page not found' for a post without attachments.
  if (post.attachments.length === 0) notFound();
  const thumbnail = post.attachments.find((file) => file.category === "postThumbnail");
  const files = post.attachments.filter(
    (file) => file.category !== "postThumbnail" && file.resourceType !== "youtube",
  );

  return (
    <Container className="grid gap-8 py-8 lg:grid-cols-2">
      <section className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{post.title}</h1>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Link
            href={`/${post.user.username}`}
            className="inline-flex items-center gap-2 font-medium hover:underline"
          >
            <Avatar src={post.user.profilePicture} name={post.user.username} alt="" size="sm" />@
            {post.user.username}
          </Link>
          {post.user.isOnefinityOfficial ? <Badge tone="brand">Official</Badge> : null}
          <VisibilityBadge visibility={post.visibility} />
        </div>
        <div className="h-[380px] overflow-hidden rounded-2xl border border-line bg-surface-muted">
          {thumbnail?.url ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs change per request
            <img
              src={thumbnail.url}
              alt={`Toolpath preview of ${post.title}`}
              className="size-full object-contain"
            />
          ) : null}
        </div>
      </section>
      <section className="space-y-6">
        <h2 className="text-lg font-semibold text-ink">Project Details</h2>
        <p className="whitespace-pre-line text-ink-muted">{post.description}</p>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {[
            ["Category", post.category?.name],
            ["Software", post.softwareUsed],
            ["Material", post.materialUsed],
            ["Job type", post.jobType],
            ["Units", post.units],
          ].map(([label, value]) =>
            value ? (
              <div key={label}>
                <dt className="text-ink-subtle">{label}</dt>
                <dd className="font-medium text-ink">{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
        <div>
          <h3 className="font-semibold text-ink">Files</h3>
          <ul className="mt-2 divide-y divide-line rounded-xl border border-line bg-surface">
            {files.map((file) => (
              <li key={file._id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span className="truncate">{file.fileName}</span>
                <Badge size="sm">{file.resourceType}</Badge>
              </li>
            ))}
          </ul>
        </div>
        {post.tags.length ? (
          <div>
            <h3 className="font-semibold text-ink"># Hashtags</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag._id}>
                  <Badge tone="brand">#{tag.name}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </Container>
  );
}
