import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { attachments, posts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { readyPostThumbnail } from "@/lib/services/attachments/post-files";
import { matchesImageType, SIGNATURE_HEAD_BYTES } from "@/lib/services/attachments/image-signature";
import { getStorage } from "@/lib/storage";
import { contentTypeFromExtension } from "@/lib/storage/content-types";
import { toKeySegment } from "@/lib/storage/keys";
import { AUTHORING_MESSAGES } from "@/lib/validation/post-authoring";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The bytes of a thumbnail sent with step 1, proved to be the image its name says. */
export async function readThumbnailFile(file: File): Promise<{ bytes: Uint8Array; contentType: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = contentTypeFromExtension(file.name);
  // Checked on the bytes, as at confirm: a page renamed .png is never stored as a picture.
  if (!matchesImageType(bytes.subarray(0, SIGNATURE_HEAD_BYTES), contentType)) {
    const message = AUTHORING_MESSAGES.thumbnailType;
    throw new AppError("VALIDATION", message, { issues: [{ path: "thumbnail", message }] });
  }
  return { bytes, contentType };
}

/**
 * Stores a checked thumbnail as the post's ready `postThumbnail` attachment and makes it the
 * post's thumbnail, in the caller's transaction (the object is written first, so a failed write
 * leaves no row behind).
 */
export async function storeThumbnailFile(
  tx: Transaction,
  {
    userId,
    postId,
    fileName,
    thumbnail,
  }: {
    userId: string;
    postId: string;
    fileName: string;
    thumbnail: { bytes: Uint8Array; contentType: string };
  },
): Promise<void> {
  const fileHash = createHash("sha256").update(thumbnail.bytes).digest("hex");
  const storageKey = `posts/${postId}/postThumbnail/${fileHash.slice(0, 16)}-${toKeySegment(fileName)}`;
  await getStorage().putObject(storageKey, Buffer.from(thumbnail.bytes), {
    contentType: thumbnail.contentType,
    contentLength: thumbnail.bytes.byteLength,
  });
  const [row] = await tx
    .insert(attachments)
    .values({
      ...readyPostThumbnail(userId, postId),
      resourceType: "image",
      fileName,
      fileHash,
      fileSize: thumbnail.bytes.byteLength,
      contentType: thumbnail.contentType,
      storageKey,
    })
    .returning({ id: attachments.id });
  if (!row) throw new Error("insert returned no row");
  await tx.update(posts).set({ thumbnailId: row.id }).where(eq(posts.id, postId));
}
