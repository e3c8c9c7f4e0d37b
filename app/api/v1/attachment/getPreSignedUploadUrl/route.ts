// POST /api/v1/attachment/getPreSignedUploadUrl { attachments }: signed PUT URLs for the caller's own post or make
import { route } from "@/lib/http/route";
import { createUploadUrls } from "@/lib/services/attachments/create-upload-urls";
import { getPreSignedUploadUrlEndpoint } from "@/lib/validation/attachments";

export const POST = route(getPreSignedUploadUrlEndpoint, async ({ actor, body }) => ({
  attachments: await createUploadUrls({ actor, requests: body.attachments }),
}));

export * from "@/lib/http/method-not-allowed";
