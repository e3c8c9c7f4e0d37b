import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { SessionUser } from "@/lib/validation/session";
import type { updateUserFieldsSchema } from "@/lib/validation/users";
import { loadSessionUser } from "./load-user";
import { deleteStoredProfilePicture, storeProfilePicture } from "./profile-picture";

export type UpdateUserInput = z.output<typeof updateUserFieldsSchema>;

/**
 * Edit Profile: names, website (empty clears it), the privacy switches given, and the picture
 * only when a new one is sent (a File is stored, a URL kept as given; omitted keeps the old one).
 */
export async function updateUser(userId: string, input: UpdateUserInput): Promise<SessionUser> {
  const [current] = await db()
    .select({ profilePicture: users.profilePicture })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  let profilePicture: string | undefined;
  if (input.profilePicture instanceof File) {
    profilePicture = await storeProfilePicture(userId, input.profilePicture);
  } else if (typeof input.profilePicture === "string") {
    profilePicture = input.profilePicture;
  }
  await db()
    .update(users)
    .set({
      firstname: input.firstname,
      lastname: input.lastname,
      website: input.website ? input.website : null,
      ...(profilePicture !== undefined ? { profilePicture } : {}),
      ...(input.privacy?.email !== undefined ? { privacyEmail: input.privacy.email } : {}),
      ...(input.privacy?.firstname !== undefined ? { privacyFirstname: input.privacy.firstname } : {}),
      ...(input.privacy?.lastname !== undefined ? { privacyLastname: input.privacy.lastname } : {}),
      ...(input.privacy?.website !== undefined ? { privacyWebsite: input.privacy.website } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  if (profilePicture !== undefined && current?.profilePicture !== profilePicture) {
    await deleteStoredProfilePicture(current?.profilePicture ?? null);
  }
  return loadSessionUser(userId);
}
