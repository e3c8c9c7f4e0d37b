import { isGcodeFileName } from "@/lib/gcode/file-types";

/** The files "Send to my machine" offers: a post's G-code models (not its zip, images or designs). */
export function sendableModels<T extends { category: string; fileName: string }>(
  attachments: readonly T[],
): T[] {
  return attachments.filter(
    (attachment) => attachment.category === "postModel" && isGcodeFileName(attachment.fileName),
  );
}
