import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { downloadLogs } from "@/lib/db/schema";
import { DOWNLOAD_LOG_RESOURCE_TYPES, type DownloadLogResourceType } from "@/lib/catalogue/enums";
import type { Actor } from "@/lib/auth/actor";
import type { DownloadLog } from "@/lib/validation/download-logs";

const asResourceType = (value: string): DownloadLogResourceType =>
  (DOWNLOAD_LOG_RESOURCE_TYPES as readonly string[]).includes(value)
    ? (value as DownloadLogResourceType)
    : "file";

/** The actor's own download history, newest first, paged. */
export async function listDownloadLogs({
  actor,
  page,
  limit,
}: {
  actor: Actor;
  page: number;
  limit: number;
}): Promise<{
  downloadLogs: DownloadLog[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}> {
  const [rows, [totalRow]] = await Promise.all([
    db()
      .select({
        id: downloadLogs.id,
        fileName: downloadLogs.fileName,
        title: downloadLogs.title,
        resourceType: downloadLogs.resourceType,
        postId: downloadLogs.postId,
        createdAt: downloadLogs.createdAt,
      })
      .from(downloadLogs)
      .where(eq(downloadLogs.userId, actor.id))
      .orderBy(desc(downloadLogs.createdAt), desc(downloadLogs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(downloadLogs)
      .where(eq(downloadLogs.userId, actor.id)),
  ]);
  const total = Number(totalRow?.total ?? 0);
  return {
    downloadLogs: rows.map((row) => ({
      _id: row.id,
      fileName: row.fileName,
      title: row.title,
      resourceType: asResourceType(row.resourceType),
      postId: row.postId,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
