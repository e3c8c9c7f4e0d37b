// POST /api/v1/attachment/confirmUploads { attachmentIds }: checks the uploaded files (make images by their bytes) and marks them ready
import { route } from "@/lib/http/route";
import { confirmUploads } from "@/lib/services/attachments/confirm-uploads";
import { confirmUploadsEndpoint } from "@/lib/validation/attachments";

export const POST = route(confirmUploadsEndpoint, async ({ actor, body }) => ({
  attachments: await confirmUploads({ actor, attachmentIds: body.attachmentIds }),
}));

export * from "@/lib/http/method-not-allowed";
