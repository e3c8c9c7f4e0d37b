import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import {
  findProjectPost,
  NOT_FOUND_METADATA,
  ProjectPageBody,
  projectMetadata,
} from "@/app/(site)/model/_project/project-page";
import type { PostDetail } from "@/lib/validation/posts";

/**
 * A project page as every signed-out visitor sees it, served from the ISR cache until its post
 * changes (ADR 017): proxy.ts marks such a request for `/model/{id}` and next.config.ts rewrites
 * it here. Nothing is rendered at build time; the first visit renders and stores the page, and a
 * write that changes what it shows, on any host, drops it (lib/change-feed, ADR 025). It is rendered
 * again at the latest after `revalidate` seconds anyway, so the signed file addresses in it (45
 * minutes or more when rendered, plus next.config.ts's 5 minute `expireTime`) never run out.
 * A missing or hidden post answers 404: this route has no loading screen streaming a 200 first.
 */
export const revalidate = 1800;
export const dynamicParams = true;

export function generateStaticParams(): { id: string }[] {
  return [];
}

interface Props {
  params: Promise<{ id: string }>;
}

const findPost = cache((id: string): Promise<PostDetail | null> => findProjectPost(id, null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await findPost((await params).id);
  return post ? projectMetadata(post) : NOT_FOUND_METADATA;
}

/** A missing post's 404 renders ./not-found.tsx inside the site's chrome (which members need, ADR 019). */
export default async function GuestProjectPage({ params }: Props) {
  const post = await findPost((await params).id);
  return post ? <ProjectPageBody post={post} /> : notFound();
}
