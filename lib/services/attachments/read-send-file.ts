import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import type { StoredObject } from "@/lib/storage/types";
import { SEND_LINK_MESSAGES } from "@/lib/validation/send-to-machine";
import { isValidSendLinkSignature } from "./send-link-signature";

/**
 * The file behind a send link (createSendLink), checked against its signature and expiry. The link
 * is the permission, like a presigned download URL: whoever holds it gets the file until it expires.
 */
export async function readSendFile({
  attachmentId,
  expires,
  signature,
  now = new Date(),
}: {
  attachmentId: string;
  expires: number;
  signature: string;
  now?: Date;
}): Promise<{ fileName: string; object: StoredObject }> {
  if (!isValidSendLinkSignature(attachmentId, expires, signature)) {
    throw new AppError("FORBIDDEN", SEND_LINK_MESSAGES.invalid);
  }
  if (Math.floor(now.getTime() / 1000) > expires) throw new AppError("FORBIDDEN", SEND_LINK_MESSAGES.expired);

  const [file] = await db()
    .select({ fileName: attachments.fileName, storageKey: attachments.storageKey })
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), eq(attachments.status, "ready")))
    .limit(1);
  if (!file?.storageKey) throw new AppError("NOT_FOUND", "Attachment not found");
  return { fileName: file.fileName, object: await getStorage().getObject(file.storageKey) };
}
