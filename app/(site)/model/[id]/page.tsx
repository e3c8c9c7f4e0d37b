import type { Metadata } from "next";
import { cache } from "react";
import { getCurrentActor } from "@/lib/auth/current-actor";
import type { PostDetail } from "@/lib/validation/posts";
import { loadProjectPost, ProjectPageBody, projectMetadata } from "../_project/project-page";

/**
 * The project page rendered per request: a member's client-side navigation (the page they come
 * from already names them) and any address with a query. A page load, by a visitor or a member,
 * gets the cached page app/(guest)/guest-model/[id] (ADR 017, ADR 019). Owners and staff may see a
 * post pending review here.
 */
export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

/** One query per request, shared by generateMetadata and the page. */
const loadPost = cache(async (id: string): Promise<PostDetail> =>
  loadProjectPost(id, await getCurrentActor()),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return projectMetadata(await loadPost((await params).id));
}

export default async function ProjectPage({ params }: Props) {
  return <ProjectPageBody post={await loadPost((await params).id)} />;
}
