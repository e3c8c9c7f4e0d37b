// POST /api/v1/attachment/getPreSignedUploadUrl { attachments }: signed PUT URLs for the caller's own post or make
import { clientIp } from "@/lib/auth/session-cookies";
import { route } from "@/lib/http/route";
import { createUploadUrls } from "@/lib/services/attachments/create-upload-urls";
import { getPreSignedUploadUrlEndpoint } from "@/lib/validation/attachments";

export const POST = route(getPreSignedUploadUrlEndpoint, async ({ actor, body, request }) => ({
  attachments: await createUploadUrls({ actor, requests: body.attachments, ip: clientIp(request) }),
}));

export * from "@/lib/http/method-not-allowed";
