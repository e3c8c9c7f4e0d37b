import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { attachments, posts } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isGcodeFileName } from "@/lib/gcode/file-types";
import { canViewPost } from "@/lib/services/posts/post-access";
import { SEND_LINK_MESSAGES, SEND_LINK_SECONDS, type SendLink } from "@/lib/validation/send-to-machine";
import { recordDownload } from "./record-download";
import { signSendLink } from "./send-link-signature";

/**
 * A link to one G-code model of a post that a controller's own page can fetch (the Onefinity
 * pull, docs/send-to-machine.md): signed, valid for SEND_LINK_SECONDS, for anyone who may download
 * the file. Making one counts as a download, as the download URL does.
 */
export async function createSendLink({
  actor,
  postId,
  attachmentId,
  now = new Date(),
}: {
  actor: Actor | null;
  postId: string;
  attachmentId: string;
  now?: Date;
}): Promise<SendLink> {
  const [file] = await db()
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      resourceType: attachments.resourceType,
      category: attachments.category,
      storageKey: attachments.storageKey,
      status: attachments.status,
      postId: posts.id,
      postUserId: posts.userId,
      visibility: posts.visibility,
      title: posts.title,
    })
    .from(attachments)
    .innerJoin(posts, eq(posts.id, attachments.postId))
    .where(and(eq(attachments.id, attachmentId), eq(attachments.postId, postId)))
    .limit(1);
  if (
    !file ||
    file.status !== "ready" ||
    !canViewPost({ visibility: file.visibility, userId: file.postUserId }, actor)
  ) {
    throw new AppError("NOT_FOUND", "Attachment not found");
  }
  if (!file.storageKey || file.category !== "postModel" || !isGcodeFileName(file.fileName)) {
    throw new AppError("VALIDATION", SEND_LINK_MESSAGES.notGcode);
  }

  const expires = Math.floor(now.getTime() / 1000) + SEND_LINK_SECONDS;
  const url = new URL("/api/v1/attachment/sendFile", env().PUBLIC_BASE_URL);
  url.searchParams.set("attachmentId", file.id);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signSendLink(file.id, expires));
  await recordDownload(file, actor);
  return { url: url.toString(), expiresAt: new Date(expires * 1000).toISOString(), fileName: file.fileName };
}
