import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { detectImageType, type RasterImageType } from "@/lib/services/attachments/image-signature";

/** The app path that serves an uploaded picture (app/api/v1/auth/avatar/[userId]/[file]). */
export const AVATAR_PATH_PREFIX = "/api/v1/auth/avatar/";

/** The picture types a profile accepts, proved by the file's first bytes (image-signature.ts). */
const ACCEPTED: Partial<Record<RasterImageType, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
};

export const avatarKey = (userId: string, file: string) => `avatars/${userId}/${file}`;

/**
 * Stores an uploaded picture (already checked for name, type and size by the zod schema) after
 * checking its first bytes, so a renamed HTML or SVG file is never served from our origin.
 * Returns the URL kept in users.profile_picture.
 */
export async function storeProfilePicture(userId: string, file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  const extension = type ? ACCEPTED[type] : undefined;
  if (!type || !extension) {
    throw new AppError("VALIDATION", "File type must be one of: jpeg, jpg, png, gif", {
      issues: [{ path: "profilePicture", message: "File type must be one of: jpeg, jpg, png, gif" }],
    });
  }
  const name = `${randomBytes(8).toString("hex")}.${extension}`;
  await getStorage().putObject(avatarKey(userId, name), Buffer.from(bytes), {
    contentType: type,
    contentLength: bytes.byteLength,
  });
  return `${AVATAR_PATH_PREFIX}${userId}/${name}`;
}

/** Removes a picture this app stored (external URLs are left alone); failures are only logged. */
export async function deleteStoredProfilePicture(url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_PATH_PREFIX)) return;
  const [userId, file] = url.slice(AVATAR_PATH_PREFIX.length).split("/");
  if (!userId || !file) return;
  try {
    await getStorage().deleteObjects([avatarKey(userId, file)]);
  } catch (error) {
    console.error("[profile-picture] could not delete", url, error);
  }
}
