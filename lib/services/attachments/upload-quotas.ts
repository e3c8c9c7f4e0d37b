import "server-only";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attachments } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { consumeLimit, LIMITS } from "@/lib/rate-limit";

const MB = 1024 * 1024;

/** Bytes a user may have in unconfirmed uploads at any time (docs/security.md, "Quotas"). */
export const MAX_PENDING_UPLOAD_BYTES = 4 * 1024 * MB;

/**
 * The quotas on upload URLs, checked before any is handed out: URLs and declared megabytes per
 * hour, per user and per IP (PostgreSQL-backed limits shared by every host), and the bytes the user
 * has pending at once. A file asked for again while pending counts once towards the pending bytes.
 */
export async function consumeUploadQuotas({
  userId,
  ip,
  files,
}: {
  userId: string;
  ip: string;
  files: readonly { storageKey: string; fileSize: number }[];
}): Promise<void> {
  const megabytes = files.reduce((total, file) => total + Math.ceil(file.fileSize / MB), 0);
  await consumeLimit(LIMITS.uploadUrlsPerUser, userId, files.length);
  await consumeLimit(LIMITS.uploadUrlsPerIp, ip, files.length);
  await consumeLimit(LIMITS.uploadMegabytesPerUser, userId, megabytes);
  await consumeLimit(LIMITS.uploadMegabytesPerIp, ip, megabytes);

  const requestedKeys = files.map((file) => file.storageKey);
  const [pending] = await db()
    .select({ bytes: sql<string>`coalesce(sum(${attachments.fileSize}), 0)` })
    .from(attachments)
    .where(
      and(
        eq(attachments.userId, userId),
        eq(attachments.status, "pending"),
        notInArray(attachments.storageKey, requestedKeys),
      ),
    );
  const requestedBytes = files.reduce((total, file) => total + file.fileSize, 0);
  if (Number(pending?.bytes ?? 0) + requestedBytes > MAX_PENDING_UPLOAD_BYTES) {
    throw new AppError(
      "RATE_LIMITED",
      `You have ${MAX_PENDING_UPLOAD_BYTES / 1024 / MB} GB of uploads waiting to be confirmed. Finish or remove them, or try again later.`,
      { retryAfterSeconds: 15 * 60 },
    );
  }
}
