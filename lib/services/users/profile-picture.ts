import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";

/** The app path that serves an uploaded picture (app/api/v1/auth/avatar/[userId]/[file]). */
export const AVATAR_PATH_PREFIX = "/api/v1/auth/avatar/";

const SIGNATURES: { type: string; extension: string; test: (bytes: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", extension: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    extension: "png",
    test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  },
  { type: "image/gif", extension: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 },
];

export const avatarKey = (userId: string, file: string) => `avatars/${userId}/${file}`;

/**
 * Stores an uploaded picture (already checked for name, type and size by the zod schema) after
 * checking its first bytes, so a renamed HTML or SVG file is never served from our origin.
 * Returns the URL kept in users.profile_picture.
 */
export async function storeProfilePicture(userId: string, file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = SIGNATURES.find((signature) => signature.test(bytes));
  if (!kind) {
    throw new AppError("VALIDATION", "File type must be one of: jpeg, jpg, png, gif", {
      issues: [{ path: "profilePicture", message: "File type must be one of: jpeg, jpg, png, gif" }],
    });
  }
  const name = `${randomBytes(8).toString("hex")}.${kind.extension}`;
  await getStorage().putObject(avatarKey(userId, name), Buffer.from(bytes), {
    contentType: kind.type,
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
