// GET /api/v1/downloadLog?page=..&limit=..: the caller's download history, newest first
import { route } from "@/lib/http/route";
import { listDownloadLogs } from "@/lib/services/download-logs/list-download-logs";
import { getDownloadLogsEndpoint } from "@/lib/validation/download-logs";

export const GET = route(getDownloadLogsEndpoint, async ({ actor, query }) =>
  listDownloadLogs({ actor, page: query.page, limit: query.limit }),
);

export * from "@/lib/http/method-not-allowed";
