import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProjectView } from "@/components/project/project-view";
import { getCurrentActor } from "@/lib/auth/current-actor";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { getPostDetail } from "@/lib/services/posts/get-post-detail";
import { idSchema } from "@/lib/validation/common";
import type { PostDetail } from "@/lib/validation/posts";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

/** One query per request, shared by generateMetadata and the page. */
const loadPost = cache(async (id: string): Promise<PostDetail> => {
  if (!idSchema.safeParse(id).success) notFound();
  try {
    // A hidden post, and one without files, are not found (lib/services/posts/post-access.ts).
    return await getPostDetail({ postId: id, actor: await getCurrentActor() });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});

function absoluteUrl(path: string): string {
  return new URL(path, env().PUBLIC_BASE_URL).toString();
}

function summarise(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  return plain.length > 160 ? `${plain.slice(0, 157)}…` : plain;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const post = await loadPost(id);
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

function jsonLd(post: PostDetail): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    "@id": absoluteUrl(`/model/${post._id}`),
    url: absoluteUrl(`/model/${post._id}`),
    name: post.title,
    description: post.description,
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    image: post.thumbnail ? absoluteUrl(`/model/${post._id}/thumbnail`) : undefined,
    genre: post.category?.name,
    keywords: post.tags.map((tag) => tag.name).join(", ") || undefined,
    author: {
      "@type": "Person",
      name: post.user.username,
      url: absoluteUrl(`/${post.user.username}`),
    },
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: post.likes,
      },
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: post.comments,
      },
    ],
    aggregateRating:
      post.averageTotalRating > 0 && post.ratingSummary.count > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: post.averageTotalRating,
            ratingCount: post.ratingSummary.count,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  };
  // "<" escaped so a title cannot close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** The project page: server-rendered for sharing and indexing; the interactive parts hydrate. */
export default async function ProjectPage({ params }: Props) {
  const { id } = await params;
  const post = await loadPost(id);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(post) }} />
      <ProjectView initialPost={post} />
    </>
  );
}
