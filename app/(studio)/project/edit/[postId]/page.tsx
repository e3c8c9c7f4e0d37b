import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProjectWizard } from "../../_components/project-wizard";
import { requireUser } from "@/lib/auth/guards";
import { isAppError } from "@/lib/errors";
import { getPostDetail } from "@/lib/services/posts/get-post-detail";
import { idSchema } from "@/lib/validation/common";
import { loadWizardOptions } from "../../_components/load-wizard-options";

export const metadata: Metadata = { title: "Edit project", robots: { index: false } };

interface Props {
  params: Promise<{ postId: string }>;
}

export default async function EditProjectPage({ params }: Props) {
  const { postId } = await params;
  const actor = await requireUser();
  // The layout tells an unverified user to verify first.
  if (!actor.isVerified) return null;
  if (!idSchema.safeParse(postId).success) notFound();
  const post = await getPostDetail({ postId, actor }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  // Only the owner edits (staff may see a pending post, not change it).
  if (!post.isOwner) notFound();
  return <ProjectWizard post={post} options={await loadWizardOptions()} />;
}
