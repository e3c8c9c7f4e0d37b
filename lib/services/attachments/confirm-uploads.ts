import "server-only";
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getStorage } from "@/lib/storage";
import { analyseStoredGcode } from "@/lib/services/gcode/analyse-stored-gcode";
import type { Actor } from "@/lib/auth/actor";
import { MAKE_IMAGE_MAX_BYTES, MAKE_MESSAGES } from "@/lib/validation/makes";
import { detectImageType } from "./image-signature";

const FILE_URL_SECONDS = 60 * 60;

/** The whole stored object: its SHA-256 (hex) and its first bytes. */
async function readObject(key: string): Promise<{ sha256: string; head: Uint8Array }> {
  const { stream } = await getStorage().getObject(key);
  const hash = createHash("sha256");
  const head = new Uint8Array(16);
  let headLength = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (headLength < head.length) {
        const part = value.subarray(0, head.length - headLength);
        head.set(part, headLength);
        headLength += part.length;
      }
      hash.update(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { sha256: hash.digest("hex"), head: head.subarray(0, headLength) };
}

interface PendingRow {
  id: string;
  category: string;
  fileSize: number | null;
  fileHash: string | null;
  contentType: string | null;
  storageKey: string;
}

/**
 * A make image must be what it claims, judged from the stored bytes and never from the client's
 * word: at most 5 MB, the declared size and hash, and JPEG/PNG/WebP magic bytes matching the type
 * its name promised (the type the upload URL was signed for). Returns the problem, or null.
 */
async function makeImageProblem(row: PendingRow, size: number): Promise<string | null> {
  if (size > MAKE_IMAGE_MAX_BYTES) return MAKE_MESSAGES.imageTooLarge;
  if (row.fileSize !== null && size !== row.fileSize) return MAKE_MESSAGES.imageInvalid;
  const { sha256, head } = await readObject(row.storageKey);
  if (row.fileHash !== null && sha256 !== row.fileHash.toLowerCase()) return MAKE_MESSAGES.imageInvalid;
  const detected = detectImageType(head);
  if (!detected || (row.contentType !== null && detected !== row.contentType)) {
    return MAKE_MESSAGES.imageInvalid;
  }
  return null;
}

/**
 * The last step of the upload flow (docs/project-api.md): after the browser PUT each file to its
 * signed URL, the server checks what arrived and marks it ready. Only the uploader may confirm.
 * A make image that fails its check is deleted (row and bytes) and the call answers 400; project
 * files must exist with their declared size. Confirming a ready file again is harmless.
 */
export async function confirmUploads({
  actor,
  attachmentIds,
}: {
  actor: Actor;
  attachmentIds: string[];
}): Promise<{ _id: string; fileName: string; url: string }[]> {
  const rows = await db()
    .select({
      id: attachments.id,
      userId: attachments.userId,
      category: attachments.category,
      status: attachments.status,
      fileName: attachments.fileName,
      fileSize: attachments.fileSize,
      fileHash: attachments.fileHash,
      contentType: attachments.contentType,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(inArray(attachments.id, attachmentIds));
  const storage = getStorage();
  const confirmed: { _id: string; fileName: string; url: string }[] = [];
  for (const id of attachmentIds) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row || row.userId !== actor.id || !row.storageKey) {
      throw new AppError("NOT_FOUND", "Attachment not found");
    }
    const pending = { ...row, storageKey: row.storageKey };
    if (row.status === "pending") {
      const info = await storage.statObject(pending.storageKey);
      const isMakeImage = row.category === "projectMakeImages";
      let problem: string | null;
      if (!info) problem = isMakeImage ? MAKE_MESSAGES.imageInvalid : `${row.fileName} was not uploaded.`;
      else if (isMakeImage) problem = await makeImageProblem(pending, info.size);
      else
        problem =
          row.fileSize !== null && info.size !== row.fileSize
            ? `${row.fileName} did not arrive completely. Please upload it again.`
            : null;
      if (problem) {
        if (isMakeImage) {
          await db().delete(attachments).where(eq(attachments.id, row.id));
          await storage.deleteObjects([pending.storageKey]);
        }
        throw new AppError("VALIDATION", problem, { issues: [{ path: "attachmentIds", message: problem }] });
      }
      await db()
        .update(attachments)
        .set({ status: "ready" })
        .where(and(eq(attachments.id, row.id), eq(attachments.status, "pending")));
      // G-code models: keep dimensions and cut time with the attachment (lib/services/gcode).
      if (row.category === "postModel") await analyseStoredGcode(row.id);
    }
    confirmed.push({
      _id: row.id,
      fileName: row.fileName,
      url: await storage.presignGet(pending.storageKey, { expiresInSeconds: FILE_URL_SECONDS }),
    });
  }
  return confirmed;
}
