import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { downloadLogs } from "@/lib/db/schema";
import { DOWNLOAD_LOG_RESOURCE_TYPES, type DownloadLogResourceType } from "@/lib/catalogue/enums";
import {
  type ActorPageRequest,
  countAll,
  type Pagination,
  pageOffset,
  pagination,
} from "@/lib/services/paging";
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
}: ActorPageRequest): Promise<{ downloadLogs: DownloadLog[]; pagination: Pagination }> {
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
      .offset(pageOffset(page, limit)),
    db().select({ total: countAll() }).from(downloadLogs).where(eq(downloadLogs.userId, actor.id)),
  ]);
  return {
    downloadLogs: rows.map((row) => ({
      _id: row.id,
      fileName: row.fileName,
      title: row.title,
      resourceType: asResourceType(row.resourceType),
      postId: row.postId,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: pagination(page, limit, Number(totalRow?.total ?? 0)),
  };
}
