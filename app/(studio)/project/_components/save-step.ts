import { toast } from "@/components/ui/toast";
import type { UploadQueue } from "@/components/wizard/use-upload-queue";
import type { QueuedFile, UploadCategory } from "@/components/wizard/upload-queue";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import {
  createPostDraftEndpoint,
  type PostEditorData,
  updateAttachmentsEndpoint,
  updatePostEndpoint,
} from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import { changedFields, sameValue } from "./changed-fields";
import { youtubeUrlsOf } from "./editor-data";

const STEP_UPLOADS: Record<number, UploadCategory[]> = {
  1: ["postThumbnail"],
  3: ["postModel"],
  5: ["postMedia"],
};

export interface SaveStepInput {
  step: number;
  /** The step the draft reopens at (step + 1 on Next). */
  currentPage: number;
  data: PostEditorData;
  post: PostDetail | null;
  uploads: UploadQueue;
  youtubeUrls: readonly string[];
  thumbnailChoice: string | null;
}

/**
 * One step's save (accounts spec §4 "Wizard"): the fields with currentPage (a new draft from
 * step 1 in create mode), then the step's queued files through the upload flow, confirmed with
 * updateAttachments together with the thumbnail and the YouTube links. Answers the post's id.
 */
export async function saveStep({
  step,
  currentPage,
  data,
  post,
  uploads,
  youtubeUrls,
  thumbnailChoice,
}: SaveStepInput): Promise<string> {
  const fields = changedFields(step, data, post);
  let postId: string;
  if (!post) {
    const { post: created } = await callEndpoint(createPostDraftEndpoint, {
      body: {
        ...(fields as { title: string; description: string; category: string; tags: string[] }),
        currentPage,
      },
    });
    postId = created._id;
  } else {
    postId = post._id;
    await callEndpoint(updatePostEndpoint, { params: { postId }, body: { ...fields, currentPage } });
  }

  const { ids, entries } = await uploads.upload(postId, STEP_UPLOADS[step] ?? []);
  const thumbnailEntry = entries.find((entry) => entry.category === "postThumbnail");
  const thumbnailId = thumbnailEntry
    ? ids.get(thumbnailEntry.key)
    : step === 1 && thumbnailChoice
      ? thumbnailChoice
      : undefined;
  const links = youtubeUrls.map((url) => url.trim()).filter((url) => url !== "");
  const linksChanged = step === 5 && !sameValue(links, youtubeUrlsOf(post));
  if (ids.size === 0 && !thumbnailId && !linksChanged) return postId;

  await callEndpoint(updateAttachmentsEndpoint, {
    params: { postId },
    query: { currentPage },
    body: { attachmentIds: [...ids.values()], thumbnailId, youtubeUrls: linksChanged ? links : undefined },
  });
  uploads.settle(entries.map((entry) => entry.key));
  if (ids.size > 0) toast.success(uploadedText(entries.filter((entry) => ids.has(entry.key))));
  return postId;
}

const UPLOAD_NOUNS: Record<QueuedFile["category"], [string, string]> = {
  postThumbnail: ["Thumbnail", "Thumbnails"],
  postModel: ["Model", "Models"],
  postMedia: ["Media file", "Media files"],
};

/** The toast after an upload, naming what was uploaded ("Model uploaded: pocket.nc"). */
export function uploadedText(entries: readonly Pick<QueuedFile, "category" | "file">[]): string {
  const byCategory = new Map<QueuedFile["category"], string[]>();
  for (const entry of entries)
    byCategory.set(entry.category, [...(byCategory.get(entry.category) ?? []), entry.file.name]);
  return [...byCategory]
    .map(
      ([category, names]) =>
        `${UPLOAD_NOUNS[category][names.length === 1 ? 0 : 1]} uploaded: ${names.join(", ")}`,
    )
    .join(". ");
}
