import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProjectView } from "@/components/project/project-view";
import { isAppError } from "@/lib/errors";
import { getPostPreview } from "@/lib/services/posts/get-post-preview";
import { idSchema } from "@/lib/validation/common";

export const dynamic = "force-dynamic";

// The key travels in the address: keep the page out of indexes and the key out of Referer headers.
export const metadata: Metadata = {
  title: "Project preview",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

interface Props {
  searchParams: Promise<{ apiKey?: string | string[]; postId?: string | string[] }>;
}

/** The review tool's preview of any post (drafts included): needs ?apiKey=&postId=, else not-found. */
export default async function ProjectPreviewPage({ searchParams }: Props) {
  const { apiKey, postId } = await searchParams;
  if (
    typeof apiKey !== "string" ||
    typeof postId !== "string" ||
    !apiKey ||
    !idSchema.safeParse(postId).success
  ) {
    notFound();
  }
  return <ProjectView initialPost={await loadPreview(postId, apiKey)} />;
}

async function loadPreview(postId: string, apiKey: string) {
  try {
    return await getPostPreview({ postId, apiKey });
  } catch (error) {
    // A wrong key answers like missing data, as the spec's preview screen does.
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "UNAUTHENTICATED")) notFound();
    throw error;
  }
}
