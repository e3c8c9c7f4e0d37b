import type { DownloadLogResourceType } from "@/lib/catalogue/enums";

const DOCUMENT_EXTENSIONS = new Set(["pdf", "doc", "docx", "txt", "md", "rtf", "odt"]);

/** The profile's download-log badge for an attachment: model, image, document, or file. */
export function downloadResourceType(attachment: {
  resourceType: string;
  fileName: string;
}): DownloadLogResourceType {
  if (attachment.resourceType === "model") return "model";
  if (attachment.resourceType === "image" || attachment.resourceType === "thumbnail") return "image";
  const extension = attachment.fileName.split(".").pop()?.toLowerCase() ?? "";
  return DOCUMENT_EXTENSIONS.has(extension) ? "document" : "file";
}
