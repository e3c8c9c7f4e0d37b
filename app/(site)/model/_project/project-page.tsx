import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { Actor } from "@/lib/auth/actor";
import { ProjectView } from "@/components/project/project-view";
import { JsonLd } from "@/components/seo/json-ld";
import { isAppError } from "@/lib/errors";
import { getPostDetail } from "@/lib/services/posts/get-post-detail";
import { absoluteUrl } from "@/lib/services/seo/site-url";
import { projectStructuredData } from "@/lib/services/seo/structured-data";
import { idSchema } from "@/lib/validation/common";
import type { PostDetail } from "@/lib/validation/posts";

/**
 * The project page's parts, shared by the per-request page (app/(site)/model/[id]) and the cached
 * guest page (app/(guest)/guest-model/[id], ADR 017), so both answer the same HTML for a visitor.
 */

async function findPostDetail(postId: string, actor: Actor | null): Promise<PostDetail | null> {
  try {
    // lib/services/posts/post-access.ts decides what is hidden.
    return await getPostDetail({ postId, actor });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/**
 * The post as `actor` may see it; a malformed id, a hidden post and one without files are not
 * found. A post visitors may see is the visitors' copy for everyone, members included: one shared
 * load, reused until the post changes (ADR 017), with the member's own like, bookmark and machines
 * loaded by the page after. Only a post hidden from visitors (a draft or one pending review, for
 * its owner or staff) is loaded as the member.
 */
export async function findProjectPost(id: string, actor: Actor | null): Promise<PostDetail | null> {
  if (!idSchema.safeParse(id).success) return null;
  const shared = await findPostDetail(id, null);
  return shared ?? (actor ? await findPostDetail(id, actor) : null);
}

/** findProjectPost, or the page's not-found view. */
export async function loadProjectPost(id: string, actor: Actor | null): Promise<PostDetail> {
  return (await findProjectPost(id, actor)) ?? notFound();
}

/**
 * The metadata of a page whose post is missing. generateMetadata must not call notFound() on a
 * cached page: Next then renders the root not-found screen instead of the page's own (ADR 019).
 */
export const NOT_FOUND_METADATA: Metadata = { title: "Page not found", robots: { index: false } };

function summarise(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  return plain.length > 160 ? `${plain.slice(0, 157)}…` : plain;
}

/** The project page's title, description, canonical address, OpenGraph and Twitter cards. */
export function projectMetadata(post: PostDetail): Metadata {
  const url = absoluteUrl(`/model/${post._id}`);
  const description = summarise(post.description) || `A CNC project by @${post.user.username}`;
  // The stable thumbnail address, not the signed URL: previews are fetched and re-fetched later.
  const images = post.thumbnail
    ? [{ url: absoluteUrl(`/model/${post._id}/thumbnail`), alt: `Toolpath preview of ${post.title}` }]
    : undefined;
  return {
    title: post.title,
    description,
    alternates: { canonical: url },
    // Posts pending review are only visible to their owner and staff: keep them out of indexes.
    robots: post.visibility === "public" ? undefined : { index: false, follow: false },
    openGraph: {
      type: "article",
      url,
      title: post.title,
      description,
      siteName: "CNC Projects",
      publishedTime: post.createdAt,
      modifiedTime: post.updatedAt,
      authors: [absoluteUrl(`/${post.user.username}`)],
      tags: post.tags.map((tag) => tag.name),
      images,
    },
    twitter: {
      card: images ? "summary_large_image" : "summary",
      title: post.title,
      description,
      images: images?.map((image) => image.url),
    },
  };
}

/** The page body: the JSON-LD and the interactive view (the viewer's own state loads after). */
export function ProjectPageBody({ post }: { post: PostDetail }) {
  return (
    <>
      {projectStructuredData(post).map((data) => (
        <JsonLd key={String(data["@type"])} data={data} />
      ))}
      <ProjectView initialPost={post} />
    </>
  );
}
