import "server-only";
import { renderGcodeThumbnail, type ToolpathThumbnailOptions } from "@/lib/gcode/thumbnail";
import { getStorage } from "@/lib/storage";

/**
 * A top-view preview (WebP or PNG, 640 x 480 unless told otherwise) of a stored G-code model,
 * streamed from storage through the parser. Null when the program has no moves. For uploads whose
 * author gave no thumbnail; the caller stores the image where it wants.
 */
export async function renderStoredGcodeThumbnail(
  storageKey: string,
  options: ToolpathThumbnailOptions = { format: "webp" },
): Promise<Buffer | null> {
  const { stream } = await getStorage().getObject(storageKey);
  return renderGcodeThumbnail(stream, options);
}
