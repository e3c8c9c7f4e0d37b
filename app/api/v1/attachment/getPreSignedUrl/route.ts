// GET /api/v1/attachment/getPreSignedUrl?attachmentId=..: short-lived download URL; counts and logs the download
import { REFRESH_TOKEN_COOKIE } from "@/lib/auth/cookies";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { getDownloadUrl } from "@/lib/services/attachments/get-download-url";
import { getPreSignedUrlEndpoint } from "@/lib/validation/attachments";

const hasRefreshToken = (request: Request) =>
  (request.headers.get("cookie") ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${REFRESH_TOKEN_COOKIE}=`));

export const GET = route(getPreSignedUrlEndpoint, async ({ request, actor, query }) => {
  // A signed-in user whose access token expired would otherwise download anonymously and miss
  // the download log: answer 403 so the browser client refreshes and retries (DESIGN.md).
  if (!actor && hasRefreshToken(request)) {
    throw new AppError("FORBIDDEN", "Your session has expired. Please refresh it.");
  }
  return getDownloadUrl({ actor, attachmentId: query.attachmentId });
});

export * from "@/lib/http/method-not-allowed";
