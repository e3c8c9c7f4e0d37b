import { editorDefaults, type PostEditorData } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";

/** The wizard fields as the post stores them (null where nothing is saved yet). */
export function storedFieldsOf(post: PostDetail): Record<keyof PostEditorData, unknown> {
  return {
    title: post.title,
    description: post.description,
    category: post.category?._id ?? "",
    tags: post.tags.map((tag) => tag._id),
    originalMachine: post.originalMachine?._id ?? "",
    supportedMachines: post.supportedMachines.map((machine) => machine._id),
    softwareUsed: post.softwareUsed,
    materialUsed: post.materialUsed,
    jobType: post.jobType,
    units: post.units,
    jobSizeWidth: post.jobSize.width,
    jobSizeHeight: post.jobSize.height,
    jobSizeThickness: post.jobSize.thickness,
    jobSizeDiameter: post.jobSize.diameter,
    jobSizeLength: post.jobSize.length,
    zZeroPosition: post.zZeroPosition,
    xyDatumPosition: post.xyDatumPosition,
    toolSetter: post.toolSetter,
    probeForZHeightCommand: post.probeForZHeightCommand,
    spindleSpeed: post.spindleSpeed,
    licenceType: post.licenceType,
    toolData: post.toolData.map((tool) => ({ ...tool })),
  };
}

/** The editor's data from a stored post; what is missing takes the spec's edit loading defaults. */
export function editorDataOf(post: PostDetail | null): PostEditorData {
  return editorDefaults(post ? storedFieldsOf(post) : {});
}

/** The YouTube links stored with the post, in their order. */
export const youtubeUrlsOf = (post: PostDetail | null): string[] =>
  (post?.attachments ?? [])
    .filter((file) => file.resourceType === "youtube" && file.url)
    .map((file) => file.url ?? "");
