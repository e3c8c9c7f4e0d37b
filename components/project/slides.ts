import { isGcodeFileName } from "@/lib/gcode/file-types";
import type { PostAttachment } from "@/lib/validation/posts";

export type SlideKind = "image" | "svg" | "model" | "youtube" | "design" | "unsupported";

export interface Slide {
  attachment: PostAttachment;
  kind: SlideKind;
}

/** Design-file extensions and the software that opens them (spec: icon plus a link to get it). */
export const DESIGN_SOFTWARE: Record<string, { name: string; link: string; short: string }> = {
  art: { name: "Carveco", link: "https://carveco.com/", short: "ART" },
  crv: { name: "Vectric VCarve", link: "https://www.vectric.com/products/vcarve", short: "CRV" },
  crv3d: { name: "Vectric Aspire", link: "https://www.vectric.com/products/aspire", short: "3D" },
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "gif", "avif"]);

export function slideKind(attachment: PostAttachment): SlideKind {
  const extension = extensionOf(attachment.fileName);
  if (attachment.resourceType === "youtube") return "youtube";
  if (extension === "svg") return "svg";
  if (attachment.resourceType === "model" || isGcodeFileName(attachment.fileName)) return "model";
  if (extension in DESIGN_SOFTWARE) return "design";
  if (
    attachment.resourceType === "image" ||
    attachment.resourceType === "thumbnail" ||
    IMAGE_EXTENSIONS.has(extension)
  ) {
    return "image";
  }
  return "unsupported";
}

const ORDER: Record<string, number> = { postThumbnail: 0, postModel: 1, postMedia: 2 };

/** The carousel's slides: every attachment but the zip bundle, thumbnail first, then models, media. */
export function toSlides(attachments: PostAttachment[]): Slide[] {
  return attachments
    .filter((attachment) => attachment.category !== "postZip")
    .map((attachment, index) => ({ attachment, index }))
    .sort(
      (a, b) =>
        (ORDER[a.attachment.category] ?? 3) - (ORDER[b.attachment.category] ?? 3) || a.index - b.index,
    )
    .map(({ attachment }) => ({ attachment, kind: slideKind(attachment) }));
}

/** The video id of a YouTube watch, short or embed URL, or null. */
export function youtubeId(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\.|^m\./, "");
    let id: string | null = null;
    if (host === "youtu.be") id = parsed.pathname.slice(1);
    else if (host === "youtube.com" || host === "youtube-nocookie.com") {
      id =
        parsed.searchParams.get("v") ??
        parsed.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ??
        null;
    }
    return id && /^[\w-]{6,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Files listed in the download dialog (the spec's download-average set): no zip, no video links. */
export function downloadableFiles(attachments: PostAttachment[]): PostAttachment[] {
  return attachments.filter(
    (attachment) => attachment.category !== "postZip" && attachment.resourceType !== "youtube",
  );
}
