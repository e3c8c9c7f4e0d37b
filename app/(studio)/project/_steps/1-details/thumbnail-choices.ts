import type { PostDetail } from "@/lib/validation/posts";

export interface ThumbnailChoice {
  /** The attachment id sent as updateAttachments' thumbnailId. */
  id: string;
  url: string;
  label: string;
}

// What updateAttachments accepts as a thumbnail (lib/services/posts/update-post-attachments.ts):
// the post's own pictures among its thumbnails (uploaded, or rendered from a model's toolpath) and media.
const CATEGORIES = ["postThumbnail", "postMedia"];
const RESOURCE_TYPES = ["image", "thumbnail"];

/** A signed URL without its signature: the stored object it reads (local driver and S3 alike). */
const objectOf = (url: string) => url.split("?")[0];

/**
 * Pictures the post already holds that may become its thumbnail, toolpath pictures first; the
 * current thumbnail is left out (known by the object its URL reads).
 */
export function thumbnailChoicesOf(post: PostDetail | null): ThumbnailChoice[] {
  return (post?.attachments ?? [])
    .filter(
      (file) =>
        CATEGORIES.includes(file.category) &&
        RESOURCE_TYPES.includes(file.resourceType) &&
        !!file.url &&
        (!post?.thumbnail || objectOf(file.url) !== objectOf(post.thumbnail)),
    )
    .sort((a, b) => Number(b.category === "postThumbnail") - Number(a.category === "postThumbnail"))
    .map((file) => ({ id: file._id, url: file.url ?? "", label: file.fileName }));
}
